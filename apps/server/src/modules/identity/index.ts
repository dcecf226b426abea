import type { FastifyPluginAsync } from 'fastify';
import type { UsuarioAdmin } from '@delego/contract';
import type { Autenticador } from '../../kernel/auth-hook.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import { AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import type { CredentialCache } from './credential-cache.js';
import { CredentialsService } from './credentials.service.js';
import { LoginThrottle } from './login-throttle.js';
import { ProfileService } from './profile.service.js';
import { profileRoutes } from './profile.routes.js';
import { SignupService } from './signup.service.js';
import { UsersService } from './users.service.js';
import { usersRoutes } from './users.routes.js';

export { hashSecret } from './password.js';
export type { CuentaRow, PropietarioNuevo } from './signup.service.js';
export type { Invitaciones } from './users.service.js';

/**
 * What other modules may ask of identity, by audience (each takes a `Pick<>` of it):
 * - the auth hook and the live socket: `cached`, `authenticate` (the kernel's `Autenticador`);
 * - credentials, what verifying a header reads (`findCredentials`, `rolesOf`, `reemplazarHash`,
 *   `heldBy`; today only this module's AuthService, and an API test that builds its own), and the
 *   login throttle and credential cache it uses;
 * - the order screens: `activosDeEmpresa`, who can be made responsable;
 * - contractor links: `crearExterno`, an outsider's hidden user;
 * - sign-up (the accounts module): the accounts links name, a company's first user, confirming and
 *   setting a password, and `setInvitaciones`, by which accounts writes the invitations an admin
 *   sends, inside the transaction that saves the user (identity never calls accounts otherwise).
 */
export type PuertoIdentidad = Autenticador &
  Pick<AuthService, 'throttle' | 'cache'> &
  Pick<CredentialsService, 'findCredentials' | 'rolesOf' | 'reemplazarHash' | 'heldBy'> &
  Pick<UsersService, 'activosDeEmpresa' | 'setInvitaciones' | 'crearExterno'> &
  PuertoAltas;

/**
 * The sign-up side of identity, all of which the accounts module uses: the accounts links name,
 * whether a login or an email is taken, a company's first user, confirming and setting a password.
 */
export type PuertoAltas = Pick<
  SignupService,
  | 'findCuenta'
  | 'listCuentas'
  | 'loginTaken'
  | 'emailTaken'
  | 'createPropietario'
  | 'confirmCuenta'
  | 'credencialesCambiadas'
>;

export interface DepsIdentidad {
  /** A client's name in the refusals of permission changes, and its existence. */
  clients: Pick<PuertoClientes, 'find'>;
  /** The logged-in user's company (GET /api/v4/login). */
  entidades: Pick<PuertoEntidades, 'find'>;
  /** The logged-in user's plan state (GET /api/v4/login). */
  plans: Pick<PuertoPlanes, 'estado'>;
  /** The admin screens' user lists (src/caches.ts: emptied in every instance by the bus). */
  usuarios: TenantCache<UsuarioAdmin[]>;
  /** Verified Authorization headers (src/caches.ts, ADR 0003). */
  credenciales: CredentialCache;
  /** The failed-login throttle; by default one over the kernel's counters (tests pass their own). */
  throttle?: LoginThrottle;
  /** Mi cuenta's notices to the holder when their email, password or login name changes. */
  mail: Pick<PuertoCorreo, 'enqueueHasta' | 'kick'>;
  /** The app's address (PUBLIC_URL): the notices' button opens it. */
  publicUrl: string;
}

/**
 * Identity: who a header is (auth), the users of a company and their permissions (administration),
 * the user's own data (profile) and what sign-up needs of users. One module, three audiences of
 * users in three files (credentials, users, signup).
 */
export function moduloIdentidad(
  n: Pick<Nucleo, 'db' | 'bus' | 'log' | 'clock' | 'limites'>,
  deps: DepsIdentidad,
): Modulo<PuertoIdentidad> {
  const credenciales = new CredentialsService(n.db);
  const users = new UsersService(n.db, n.bus, { clients: deps.clients, cache: deps.usuarios });
  const signup = new SignupService(n.db, n.bus, deps.usuarios);
  const profile = new ProfileService(n.db, n.bus, deps.usuarios, {
    mail: deps.mail,
    entidades: deps.entidades,
    publicUrl: deps.publicUrl,
  });
  const auth = new AuthService({
    users: credenciales,
    permissions: credenciales,
    plans: deps.plans,
    entidades: deps.entidades,
    credenciales: deps.credenciales,
    log: n.log,
    throttle: deps.throttle ?? new LoginThrottle({}, () => n.clock.now().getTime(), n.limites),
  });
  const puerto: PuertoIdentidad = {
    cached: (header, ip) => auth.cached(header, ip),
    authenticate: (header, ip) => auth.authenticate(header, ip),
    throttle: auth.throttle,
    cache: auth.cache,
    findCredentials: (usuario) => credenciales.findCredentials(usuario),
    rolesOf: (entidadId, userId) => credenciales.rolesOf(entidadId, userId),
    reemplazarHash: (entidadId, userId, anterior, nuevo) =>
      credenciales.reemplazarHash(entidadId, userId, anterior, nuevo),
    heldBy: (entidadId, userId, isAdmin) => credenciales.heldBy(entidadId, userId, isAdmin),
    activosDeEmpresa: (entidadId) => users.activosDeEmpresa(entidadId),
    setInvitaciones: (invitaciones) => users.setInvitaciones(invitaciones),
    crearExterno: (tx, entidadId, nombre) => users.crearExterno(tx, entidadId, nombre),
    findCuenta: (userId, tx) => signup.findCuenta(userId, tx),
    listCuentas: (loginOrEmail) => signup.listCuentas(loginOrEmail),
    loginTaken: (tx, usuario) => signup.loginTaken(tx, usuario),
    emailTaken: (tx, email) => signup.emailTaken(tx, email),
    createPropietario: (tx, p) => signup.createPropietario(tx, p),
    confirmCuenta: (tx, userId, passwordHash) => signup.confirmCuenta(tx, userId, passwordHash),
    credencialesCambiadas: (entidadId, usuarioId) => signup.credencialesCambiadas(entidadId, usuarioId),
  };
  const rutas: FastifyPluginAsync = async (app) => {
    await app.register(authRoutes(auth));
    await app.register(usersRoutes(users));
    await app.register(profileRoutes(profile));
  };
  return { nombre: 'identity', puerto, rutas };
}
export { LoginThrottle } from './login-throttle.js';
