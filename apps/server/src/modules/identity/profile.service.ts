import type { Perfil, zProfile } from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import { hashSecret, verifySecret } from './password.js';
import type { UsersService } from './users.service.js';

type ProfileInput = z.output<typeof zProfile>;

/** Mi cuenta: every logged-in user changes their own names, email, password and login name. */
export class ProfileService {
  constructor(private readonly users: UsersService) {}

  /** PUT /api/v2/profile {profile}. A password change needs the current password. */
  async update(actor: Actor, input: ProfileInput): Promise<Perfil> {
    const patch: Parameters<UsersService['updateSelf']>[1] = {};
    if (input.nombre !== undefined) patch.nombre = input.nombre;
    if (input.apellido !== undefined) patch.apellido = input.apellido;
    if (input.email !== undefined) patch.email = input.email;
    if (input.passwordActual !== undefined && input.passwordNueva !== undefined) {
      const stored = await this.users.passwordHashOf(actor);
      if (!stored || !(await verifySecret(stored, input.passwordActual))) {
        throw AppError.invalid('passwordActual', 'La contraseña actual no es correcta.');
      }
      patch.passwordHash = await hashSecret(input.passwordNueva);
    }
    if (!Object.keys(patch).length) return this.users.perfil(actor);
    return this.users.updateSelf(actor, patch);
  }

  /** POST /api/v2/profile {username}: the old login stops working at once. */
  changeUsername(actor: Actor, username: string): Promise<Perfil> {
    return this.users.updateSelf(actor, { usuario: username });
  }
}
