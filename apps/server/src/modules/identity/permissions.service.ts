import type { PermisosDeCliente, Permiso } from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import { PermissionsRepository } from './permissions.repository.js';

/**
 * Storage of global and per-client permissions, and the catalogue. Administration of a user's
 * permissions (who may change what, events) lives in UsersService, which calls these methods
 * inside its own transactions (`tx`).
 */
export class PermissionsService {
  private readonly repo: PermissionsRepository;

  constructor(private readonly db: Db) {
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

  globalOf(userId: number, tx: DbOrTx = this.db): Promise<string[]> {
    return new PermissionsRepository(tx).globalOf(userId);
  }

  globalOfCompany(entidadId: number): Promise<Map<number, string[]>> {
    return this.repo.globalOfCompany(entidadId);
  }

  /** The per-client permissions stored for a user (admins hold all of them without rows). */
  storedClientPermsOf(entidadId: number, userId: number, tx: DbOrTx = this.db): Promise<PermisosDeCliente[]> {
    return new PermissionsRepository(tx).clientPermsOf(entidadId, userId);
  }

  replaceGlobal(tx: DbOrTx, userId: number, list: readonly string[]): Promise<void> {
    return new PermissionsRepository(tx).replaceGlobal(userId, list);
  }

  setGlobal(tx: DbOrTx, userId: number, permiso: string, on: boolean): Promise<void> {
    return new PermissionsRepository(tx).setGlobal(userId, permiso, on);
  }

  clientRow(tx: DbOrTx, entidadId: number, userId: number, clienteId: number): Promise<PermisosDeCliente | undefined> {
    return new PermissionsRepository(tx).clientRow(entidadId, userId, clienteId);
  }

  saveClientRow(tx: DbOrTx, entidadId: number, userId: number, p: PermisosDeCliente): Promise<void> {
    return new PermissionsRepository(tx).saveClientRow(entidadId, userId, p);
  }

  deleteClientRow(tx: DbOrTx, entidadId: number, userId: number, clienteId: number): Promise<void> {
    return new PermissionsRepository(tx).deleteClientRow(entidadId, userId, clienteId);
  }
}
