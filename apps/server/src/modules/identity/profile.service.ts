import type { Perfil, UsuarioAdmin, zProfile } from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { correoDeEmpresa, plantillaCambioDeCuenta, type CambioDeCuenta, type PuertoCorreo } from '../mail/index.js';
import { hashSecret, verifySecret } from './password.js';
import { UsersRepository, isUniqueViolation } from './users.repository.js';
import { MENSAJES_USUARIOS, NO_ENCONTRADO, publicarCambio, sinCruceLoginEmail } from './usuarios-comun.js';

type ProfileInput = z.output<typeof zProfile>;
type Patch = Partial<{ nombre: string; apellido: string; email: string | null; passwordHash: string; usuario: string }>;

/** What Mi cuenta needs to tell the holder of a changed account (the company's mail). */
export interface DepsPerfil {
  mail: Pick<PuertoCorreo, 'enqueueHasta' | 'kick'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  /** The app's address: the notices' button opens it. */
  publicUrl: string;
}

/**
 * Notices of account changes an address gets in 24 h, and a company in all: someone changing their
 * data back and forth does not fill a mailbox, and a company cannot use them to send mail at will.
 */
const TOPES_AVISO_CUENTA = { porDestinatario: 6, porEmpresa: 300 } as const;

/** Mi cuenta: every logged-in user changes their own names, email, password and login name. */
export class ProfileService {
  /**
   * @param cache the company's user list, emptied with every change (src/caches.ts).
   * @param deps the mail that tells the holder when their email, password or login name changed.
   */
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly cache: TenantCache<UsuarioAdmin[]>,
    private readonly deps: DepsPerfil,
  ) {}

  /**
   * PUT /api/v2/profile {profile}. A password change needs the current password; a current
   * password sent with a new email is checked too (the app always asks for it before the address
   * that recovers the account changes).
   */
  async update(actor: Actor, input: ProfileInput): Promise<Perfil> {
    const patch: Patch = {};
    if (input.nombre !== undefined) patch.nombre = input.nombre;
    if (input.apellido !== undefined) patch.apellido = input.apellido;
    if (input.email !== undefined) patch.email = input.email;
    if (input.passwordActual !== undefined) {
      const stored = await new UsersRepository(this.db).passwordHashOf(actor.entidadId, actor.id);
      if (!stored || !(await verifySecret(stored, input.passwordActual))) {
        throw AppError.invalid('passwordActual', 'La contraseña actual no es correcta.');
      }
      if (input.passwordNueva !== undefined) patch.passwordHash = await hashSecret(input.passwordNueva);
    }
    if (!Object.keys(patch).length) return this.perfil(actor);
    return this.updateSelf(actor, patch);
  }

  /** POST /api/v2/profile {username}: the old login stops working at once. */
  changeUsername(actor: Actor, username: string): Promise<Perfil> {
    return this.updateSelf(actor, { usuario: username });
  }

  private async perfil(actor: Actor): Promise<Perfil> {
    const row = await new UsersRepository(this.db).find(actor.entidadId, actor.id);
    if (!row) throw AppError.notFound(NO_ENCONTRADO);
    return { id: row.id, usuario: row.usuario, nombre: row.nombre, apellido: row.apellido, email: row.email };
  }

  /**
   * Changes the actor's own names, email, password hash and login name, and queues in the same
   * transaction the notice of what changed in their access to the address the account had.
   */
  private async updateSelf(actor: Actor, patch: Patch): Promise<Perfil> {
    const avisos = await this.db.transaction(async (tx) => {
      const repo = new UsersRepository(tx);
      if (patch.usuario !== undefined && (await repo.loginTaken(patch.usuario, actor.id))) {
        throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(patch.usuario), { field: 'username' });
      }
      const actual = await repo.find(actor.entidadId, actor.id);
      if (!actual) throw AppError.notFound(NO_ENCONTRADO);
      await sinCruceLoginEmail(
        repo,
        { usuario: patch.usuario ?? actual.usuario, email: patch.email !== undefined ? patch.email : actual.email },
        actual,
        'username',
      );
      try {
        await repo.update(actor.entidadId, actor.id, patch);
      } catch (err) {
        if (isUniqueViolation(err) && patch.usuario !== undefined) {
          throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(patch.usuario), { field: 'username' });
        }
        throw err;
      }
      return this.avisarCambios(tx, actor.entidadId, actual, patch);
    });
    if (avisos) this.deps.mail.kick();
    const acceso = patch.passwordHash !== undefined || patch.usuario !== undefined;
    publicarCambio(
      this.bus,
      this.cache,
      { entidadId: actor.entidadId, usuarioId: actor.id },
      acceso ? 'credenciales' : 'datos',
    );
    return this.perfil(actor);
  }

  /** Queues a notice per change of access (email, password, login name) to the address the account had. */
  private async avisarCambios(
    tx: DbOrTx,
    entidadId: number,
    actual: { nombre: string; usuario: string; email: string | null },
    patch: Patch,
  ): Promise<number> {
    const para = actual.email;
    if (!para) return 0;
    const cambios: CambioDeCuenta[] = [];
    if (patch.email !== undefined && (patch.email ?? '').toLowerCase() !== para.toLowerCase()) {
      cambios.push({ tipo: 'email', nuevo: patch.email });
    }
    if (patch.passwordHash !== undefined) cambios.push({ tipo: 'password' });
    if (patch.usuario !== undefined && patch.usuario !== actual.usuario) {
      cambios.push({ tipo: 'usuario', anterior: actual.usuario, nuevo: patch.usuario });
    }
    if (!cambios.length) return 0;
    const entidad = await this.deps.entidades.find(entidadId, tx);
    let encolados = 0;
    for (const cambio of cambios) {
      const correo = correoDeEmpresa(entidad, { tipo: 'seguridad_cuenta', para, entidadId }, (remitente) =>
        plantillaCambioDeCuenta({
          remitente,
          nombre: actual.nombre,
          usuario: patch.usuario ?? actual.usuario,
          cambio,
          enlace: `${this.deps.publicUrl}/login`,
        }),
      );
      if (await this.deps.mail.enqueueHasta(tx, { ...correo, entidadId }, TOPES_AVISO_CUENTA)) encolados++;
    }
    return encolados;
  }
}
