import type { PermisosDeCliente, Permiso } from '@delego/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { PermissionsRepository } from './permissions.repository.js';

export class PermissionsService {
  private readonly repo: PermissionsRepository;

  constructor(db: Db) {
    this.repo = new PermissionsRepository(db);
  }

  /** GET /api/v4/permisos: the catalogue of global and per-client permissions. */
  catalogue(_actor: Actor): Promise<Permiso[]> {
    return this.repo.catalogue();
  }

  /** What a user holds, for building the actor at authentication. */
  async heldBy(
    entidadId: number,
    userId: number,
    isAdmin: boolean,
  ): Promise<{ globales: string[]; clientes: PermisosDeCliente[] }> {
    const [globales, clientes] = await Promise.all([
      this.repo.globalOf(userId),
      isAdmin ? this.repo.allClientsGranted(entidadId) : this.repo.clientPermsOf(entidadId, userId),
    ]);
    return { globales, clientes };
  }
}
