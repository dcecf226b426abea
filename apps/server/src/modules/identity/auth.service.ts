import { setTimeout as sleep } from 'node:timers/promises';
import {
  MENSAJES,
  MENSAJES_CUENTAS,
  esAdmin,
  mensajeDemasiadosIntentos,
  parseAuthorization,
  type UsuarioLogueado,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import type { CredentialsService } from './credentials.service.js';
import { huellaDe, type CredentialCache } from './credential-cache.js';
import { LoginThrottle } from './login-throttle.js';
import type { BusLog } from '../../kernel/bus.js';
import { limitarConcurrencia } from '../../lib/concurrencia.js';
import { ARGON2_A_LA_VEZ, hashSecret, necesitaRehash, verifyDummy, verifySecret } from './password.js';

export class AuthService {
  readonly cache: CredentialCache;
  readonly throttle: LoginThrottle;
  /** Users whose password is being stored again (a burst of their requests rehashes once). */
  private readonly rehaciendo = new Set<number>();
  /**
   * Password checks (the user's row and argon2) take turns, as many at once as argon2 runs; those
   * the throttle does not call `prioritaria` (addresses and accounts that failed lately) go after
   * the others: a flood of wrong logins waits behind the fresh login of a user not under attack,
   * not the other way round (issue 28).
   */
  private readonly turnos = limitarConcurrencia(ARGON2_A_LA_VEZ);
  /** Checks under way, by address and header (see `authenticate`). */
  private readonly verificando = new Map<string, Promise<Actor>>();

  constructor(
    private readonly deps: {
      /** The stored credentials and roles of a login name (credentials.service.ts). */
      users: Pick<CredentialsService, 'findCredentials' | 'rolesOf' | 'reemplazarHash'>;
      /** What the user holds (credentials.service.ts). */
      permissions: Pick<CredentialsService, 'heldBy'>;
      plans: Pick<PuertoPlanes, 'estado'>;
      entidades: Pick<PuertoEntidades, 'find'>;
      /** Verified credentials; forgotten on the events of src/caches.ts. */
      credenciales: CredentialCache;
      throttle?: LoginThrottle;
      /** Where a failed re-hash is told (the login itself succeeded). */
      log?: BusLog;
      /** argon2's verification (`password.ts`); tests count the calls through it. */
      verificar?: typeof verifySecret;
    },
  ) {
    this.cache = deps.credenciales;
    this.throttle = deps.throttle ?? new LoginThrottle();
  }

  /**
   * The acting user of a header verified recently, without waiting; undefined when it must be
   * verified. An address the throttle refuses for that user gets no cached answer either: a
   * correct guess would show as a 200 among its 429s.
   */
  cached(header: string | undefined, address: string): Actor | undefined {
    const hit = header ? this.cache.get(header) : undefined;
    return hit && !this.throttle.refuses(hit.usuario, address) ? hit : undefined;
  }

  /** Resolves the Authorization header of a call to the acting user, or throws 401/403/429. */
  async authenticate(header: string | undefined, address: string): Promise<Actor> {
    if (header === undefined || header === '') {
      throw new AppError('NO_AUTENTICADO', 'Debe iniciar sesión para continuar.');
    }
    const cached = this.cached(header, address);
    if (cached) return cached;

    const creds = parseAuthorization(header);
    if (!creds) throw new AppError('LOGIN_INVALIDO', MENSAJES.loginInvalido);

    // The same header from the same address while its check is under way is the same attempt:
    // it waits for that check instead of counting (and costing argon2) once more. The app sends
    // several calls at once after a start, and the throttle counts attempts in flight.
    const clave = `${address}\n${header}`;
    const enCurso = this.verificando.get(clave);
    if (enCurso) return enCurso;
    const intento = this.verificarIntento(header, creds, address);
    this.verificando.set(clave, intento);
    try {
      return await intento;
    } finally {
      if (this.verificando.get(clave) === intento) this.verificando.delete(clave);
    }
  }

  /** One attempt of a header not in the cache: the throttle, the password check, the actor. */
  private async verificarIntento(
    header: string,
    creds: NonNullable<ReturnType<typeof parseAuthorization>>,
    address: string,
  ): Promise<Actor> {
    // See LoginThrottle: the failing (user, address) pair or address is refused, and so is an
    // address that failed for an account under attack; nobody is locked out everywhere.
    const intento = await this.throttle.begin(creds.usuario, address);
    if (intento.retryAfterS > 0) {
      throw new AppError('DEMASIADOS_INTENTOS', mensajeDemasiadosIntentos(intento.retryAfterS), {
        retryAfterS: intento.retryAfterS,
      });
    }
    let ok: boolean | undefined;
    let v: Awaited<ReturnType<AuthService['verificar']>>;
    try {
      if (intento.delayMs > 0) await sleep(intento.delayMs);
      v = await this.turnos(() => this.verificar(header, creds.usuario, creds.md5), intento.prioritaria);
      ok = v.ok && v.row?.activo === true;
    } finally {
      await intento.fin(ok);
    }
    const { row, huella } = v;
    if (!ok || !row || !huella) throw new AppError('LOGIN_INVALIDO', MENSAJES.loginInvalido);
    if (row.passwordHash && necesitaRehash(row.passwordHash))
      void this.rehash(row.entidadId, row.id, row.passwordHash, creds.md5);
    // Only after the right password: the code tells nobody else that the account exists.
    if (!row.confirmado) throw new AppError('CUENTA_NO_CONFIRMADA', MENSAJES_CUENTAS.cuentaNoConfirmada);

    const roles = await this.deps.users.rolesOf(row.entidadId, row.id);
    const admin = esAdmin({ roles });
    const held = await this.deps.permissions.heldBy(row.entidadId, row.id, admin);
    const actor: Actor = {
      id: row.id,
      usuario: row.usuario,
      nombre: row.nombre,
      apellido: row.apellido,
      email: row.email,
      entidadId: row.entidadId,
      roles,
      permisosResumen: held.globales.map((nombre) => ({ nombre })),
      permisos: { clientes: held.clientes },
    };
    this.cache.set(header, actor, huella);
    return actor;
  }

  /** The user's row and whether the header's password is theirs (argon2, or a renewal, ADR 0003). */
  private async verificar(header: string, usuario: string, md5: string) {
    const row = await this.deps.users.findCredentials(usuario);
    let ok = false;
    const verificada = this.cache.verificada(header);
    const huella = row?.passwordHash ? huellaDe(row.passwordHash) : undefined;
    // The renewal of an expired entry: this very header was verified against this very stored
    // hash, and argon2 would answer the same again. A changed password is another hash (ADR 0003).
    if (huella && verificada?.usuarioId === row?.id && verificada?.huella === huella) ok = true;
    // An invited user without a password yet verifies like an unknown one: same time, no match.
    else if (row?.passwordHash) ok = await (this.deps.verificar ?? verifySecret)(row.passwordHash, md5);
    else await verifyDummy(md5);
    // No stored hash (an invited user) never verifies.
    return { row, huella, ok: ok && huella !== undefined };
  }

  /**
   * Stores the password again with today's argon2 settings, after a login proved it (the request
   * does not wait). Only over the hash just verified: a password changed meanwhile stays.
   */
  private async rehash(entidadId: number, userId: number, anterior: string, md5: string): Promise<void> {
    if (this.rehaciendo.has(userId)) return;
    this.rehaciendo.add(userId);
    try {
      await this.deps.users.reemplazarHash(entidadId, userId, anterior, await hashSecret(md5));
    } catch (error) {
      // Not the error itself: a failed query's message carries its parameters, the hashes.
      const codigo =
        (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
      this.deps.log?.warn({ userId, codigo: String(codigo ?? 'desconocido') }, 'auth.rehash');
    } finally {
      this.rehaciendo.delete(userId);
    }
  }

  /** GET /api/v4/login: the logged-in user of SPEC §3. */
  async loginResponse(actor: Actor): Promise<UsuarioLogueado> {
    const [entidad, plan] = await Promise.all([
      this.deps.entidades.find(actor.entidadId),
      this.deps.plans.estado(actor),
    ]);
    if (!entidad) throw new AppError('LOGIN_INVALIDO', MENSAJES.loginInvalido);
    return {
      usuario: actor.usuario,
      id: actor.id,
      nombre: actor.nombre,
      apellido: actor.apellido,
      email: actor.email,
      entidadId: actor.entidadId,
      entidadNombre: entidad.nombre,
      logo: entidad.logo,
      plan,
      permisosResumen: actor.permisosResumen,
      permisos: actor.permisos,
      roles: actor.roles,
    };
  }
}
