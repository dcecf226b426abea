import type { Rol } from '@delego/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { EventBus } from '../../lib/bus.js';
import { TenantCache } from '../../lib/tenant-cache.js';
import { UsersRepository, type CredencialesRow } from './users.repository.js';

/** Users as other modules see them. The full administration arrives with its own issue. */
export class UsersService {
  private readonly repo: UsersRepository;
  readonly cache = new TenantCache<unknown>();

  constructor(
    db: Db,
    private readonly bus: EventBus,
  ) {
    this.repo = new UsersRepository(db);
  }

  /** For authentication only: the stored credentials of a login name. */
  findCredentials(usuario: string): Promise<CredencialesRow | undefined> {
    return this.repo.findByLogin(usuario);
  }

  rolesOf(entidadId: number, userId: number): Promise<Rol[]> {
    return this.repo.rolesOf(entidadId, userId);
  }

  /** GET /api/v2/roles: the roles an admin can assign. */
  listRoles(_actor: Actor): Promise<Rol[]> {
    return this.repo.allRoles();
  }

  /** Forgets the company's cached user lists (GET /api/v2/usuarios/cache/clean). */
  cleanCache(actor: Actor): void {
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'usuarios.cacheLimpiada', entidadId: actor.entidadId });
  }
}
