import type { Perfil, UsuarioAdmin, zProfile } from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { hashSecret, verifySecret } from './password.js';
import { UsersRepository, isUniqueViolation } from './users.repository.js';
import { MENSAJES_USUARIOS, NO_ENCONTRADO, publicarCambio, sinCruceLoginEmail } from './usuarios-comun.js';

type ProfileInput = z.output<typeof zProfile>;
type Patch = Partial<{ nombre: string; apellido: string; email: string | null; passwordHash: string; usuario: string }>;

/** Mi cuenta: every logged-in user changes their own names, email, password and login name. */
export class ProfileService {
  private readonly repo: UsersRepository;

  /** @param cache the company's user list, emptied with every change (src/caches.ts). */
  constructor(
    db: Db,
    private readonly bus: EventBus,
    private readonly cache: TenantCache<UsuarioAdmin[]>,
  ) {
    this.repo = new UsersRepository(db);
  }

  /** PUT /api/v2/profile {profile}. A password change needs the current password. */
  async update(actor: Actor, input: ProfileInput): Promise<Perfil> {
    const patch: Patch = {};
    if (input.nombre !== undefined) patch.nombre = input.nombre;
    if (input.apellido !== undefined) patch.apellido = input.apellido;
    if (input.email !== undefined) patch.email = input.email;
    if (input.passwordActual !== undefined && input.passwordNueva !== undefined) {
      const stored = await this.repo.passwordHashOf(actor.entidadId, actor.id);
      if (!stored || !(await verifySecret(stored, input.passwordActual))) {
        throw AppError.invalid('passwordActual', 'La contraseña actual no es correcta.');
      }
      patch.passwordHash = await hashSecret(input.passwordNueva);
    }
    if (!Object.keys(patch).length) return this.perfil(actor);
    return this.updateSelf(actor, patch);
  }

  /** POST /api/v2/profile {username}: the old login stops working at once. */
  changeUsername(actor: Actor, username: string): Promise<Perfil> {
    return this.updateSelf(actor, { usuario: username });
  }

  private async perfil(actor: Actor): Promise<Perfil> {
    const row = await this.repo.find(actor.entidadId, actor.id);
    if (!row) throw AppError.notFound(NO_ENCONTRADO);
    return { id: row.id, usuario: row.usuario, nombre: row.nombre, apellido: row.apellido, email: row.email };
  }

  /** Changes the actor's own names, email, password hash and login name. */
  private async updateSelf(actor: Actor, patch: Patch): Promise<Perfil> {
    if (patch.usuario !== undefined && (await this.repo.loginTaken(patch.usuario, actor.id))) {
      throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(patch.usuario), { field: 'username' });
    }
    const actual = await this.repo.find(actor.entidadId, actor.id);
    if (!actual) throw AppError.notFound(NO_ENCONTRADO);
    await sinCruceLoginEmail(
      this.repo,
      { usuario: patch.usuario ?? actual.usuario, email: patch.email !== undefined ? patch.email : actual.email },
      actual,
      'username',
    );
    try {
      await this.repo.update(actor.entidadId, actor.id, patch);
    } catch (err) {
      if (isUniqueViolation(err) && patch.usuario !== undefined) {
        throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(patch.usuario), { field: 'username' });
      }
      throw err;
    }
    const acceso = patch.passwordHash !== undefined || patch.usuario !== undefined;
    publicarCambio(
      this.bus,
      this.cache,
      { entidadId: actor.entidadId, usuarioId: actor.id },
      acceso ? 'credenciales' : 'datos',
    );
    return this.perfil(actor);
  }
}
