import { PERMISOS_GLOBALES, type UsuarioAdmin } from '@delego/contract';
import type { EventBus } from '../../kernel/bus.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { PermissionsRepository } from './permissions.repository.js';
import { UsersRepository, isUniqueViolation, type CuentaRow } from './users.repository.js';
import { MENSAJES_USUARIOS, publicarCambio } from './usuarios-comun.js';

export type { CuentaRow } from './users.repository.js';

/** The new owner of a company that signed itself up (accounts module). */
export interface PropietarioNuevo {
  entidadId: number;
  usuario: string;
  nombre: string;
  apellido: string;
  email: string;
  passwordHash: string;
  terminosVersion: string;
  terminosAceptados: Date;
}

/**
 * Sign-up: what the public account calls (the accounts module) need of users: a company's first
 * user, the account a link names, the accounts a recovery names, and setting a password or the
 * confirmation through a link. No actor: the link's token or the rate limits are the guard, in
 * the accounts module.
 */
export class SignupService {
  private readonly repo: UsersRepository;

  /** @param cache the company's user list, emptied with every change (src/caches.ts). */
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly cache: TenantCache<UsuarioAdmin[]>,
  ) {
    this.repo = new UsersRepository(db);
  }

  /** The account a link's token names; any company (the token is the proof). */
  findCuenta(userId: number, tx: DbOrTx = this.db): Promise<CuentaRow | undefined> {
    return new UsersRepository(tx).findCuenta(userId);
  }

  /** The accounts a recovery or a resend names: by login name, or else by email (a few at most). */
  listCuentas(loginOrEmail: string): Promise<CuentaRow[]> {
    return this.repo.listCuentas(loginOrEmail, 5);
  }

  loginTaken(tx: DbOrTx, usuario: string): Promise<boolean> {
    return new UsersRepository(tx).loginTaken(usuario);
  }

  emailTaken(tx: DbOrTx, email: string): Promise<boolean> {
    return new UsersRepository(tx).emailTaken(email);
  }

  /**
   * The owner of a company that signed itself up, in the sign-up's transaction: PROPIETARIO with
   * every global permission, not confirmed until the mail's link is opened. A login name taken
   * meanwhile (the unique index) is 409.
   */
  async createPropietario(tx: DbOrTx, p: PropietarioNuevo): Promise<number> {
    const repo = new UsersRepository(tx);
    const propietario = (await repo.allRoles()).find((r) => r.nombre === 'PROPIETARIO');
    if (!propietario) throw new Error('falta el rol PROPIETARIO (seedCatalogo)');
    let id: number;
    try {
      id = await repo.insert({ ...p, activo: true, supervisorId: null, confirmado: false });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(p.usuario), { field: 'usuario' });
      }
      throw err;
    }
    await repo.setRoles(id, [propietario.id]);
    await new PermissionsRepository(tx).replaceGlobal(id, PERMISOS_GLOBALES);
    return id;
  }

  /** A confirmation link was opened; with a hash, a recovery or invitation link set the password. */
  confirmCuenta(tx: DbOrTx, userId: number, passwordHash?: string): Promise<void> {
    return new UsersRepository(tx).confirmCuenta(userId, passwordHash);
  }

  /**
   * After a password set through a link commits: the user's cached credentials are forgotten and
   * their live sockets closed, in every instance (`usuario.credencialesCambiadas`).
   */
  credencialesCambiadas(entidadId: number, usuarioId: number): void {
    publicarCambio(this.bus, this.cache, { entidadId, usuarioId });
  }
}
