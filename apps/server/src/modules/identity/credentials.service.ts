import type { PermisosDeCliente, Rol } from '@delego/contract';
import type { Db } from '../../kernel/db/client.js';
import { PermissionsRepository } from './permissions.repository.js';
import { UsersRepository, type CredencialesRow } from './users.repository.js';

/**
 * Credentials: what verifying an Authorization header and building its actor read (AuthService):
 * the stored credentials of a login name, the user's roles and what they hold. Nothing here
 * checks a permission: the header is the proof, checked by AuthService.
 */
export class CredentialsService {
  private readonly users: UsersRepository;
  private readonly permissions: PermissionsRepository;

  constructor(db: Db) {
    this.users = new UsersRepository(db);
    this.permissions = new PermissionsRepository(db);
  }

  /** The stored credentials of a login name (any company: the login name is unique). */
  findCredentials(usuario: string): Promise<CredencialesRow | undefined> {
    return this.users.findByLogin(usuario);
  }

  /** The same password hashed with other settings (after a login): only over `anterior`. */
  reemplazarHash(entidadId: number, userId: number, anterior: string, nuevo: string): Promise<void> {
    return this.users.reemplazarHash(entidadId, userId, anterior, nuevo);
  }

  rolesOf(entidadId: number, userId: number): Promise<Rol[]> {
    return this.users.rolesOf(entidadId, userId);
  }

  /** What a user holds: global permissions, and per-client ones (an admin, every client). */
  async heldBy(
    entidadId: number,
    userId: number,
    isAdmin: boolean,
  ): Promise<{ globales: string[]; clientes: PermisosDeCliente[] }> {
    const [globales, clientes] = await Promise.all([
      this.permissions.globalOf(userId),
      isAdmin ? this.permissions.allClientsGranted(entidadId) : this.permissions.clientPermsOf(entidadId, userId),
    ]);
    return { globales, clientes };
  }
}
