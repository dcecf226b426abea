import { and, asc, eq, sql } from 'drizzle-orm';
import type { PermisosDeCliente, Permiso } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow } from '../../lib/queries.js';
import { clientes } from '../clients/clients.tables.js';
import { usuarios } from './users.tables.js';
import { permisos, usuarioClientePermisos, usuarioPermisos } from './permissions.tables.js';

/** A row of per-client permissions as the contract names it. */
const columnasCliente = {
  clienteID: usuarioClientePermisos.clienteId,
  delegarOrden: usuarioClientePermisos.delegarOrden,
  modificarOrden: usuarioClientePermisos.modificarOrden,
  borrarOrden: usuarioClientePermisos.borrarOrden,
};

/** The permissions of one user on one client of the company. */
const filaCliente = (entidadId: number, userId: number, clienteId: number) =>
  and(
    eq(usuarioClientePermisos.entidadId, entidadId),
    eq(usuarioClientePermisos.usuarioId, userId),
    eq(usuarioClientePermisos.clienteId, clienteId),
  );

export class PermissionsRepository {
  constructor(private readonly db: DbOrTx) {}

  catalogue(): Promise<Permiso[]> {
    return this.db.select().from(permisos).orderBy(asc(permisos.id));
  }

  async globalOf(userId: number): Promise<string[]> {
    const rows = await this.db
      .select({ permiso: usuarioPermisos.permiso })
      .from(usuarioPermisos)
      .where(eq(usuarioPermisos.usuarioId, userId));
    return rows.map((r) => r.permiso);
  }

  clientPermsOf(entidadId: number, userId: number): Promise<PermisosDeCliente[]> {
    return this.db
      .select(columnasCliente)
      .from(usuarioClientePermisos)
      .where(and(eq(usuarioClientePermisos.entidadId, entidadId), eq(usuarioClientePermisos.usuarioId, userId)))
      .orderBy(asc(usuarioClientePermisos.clienteId));
  }

  /** Admins hold every per-client permission on every client of their company. */
  async allClientsGranted(entidadId: number): Promise<PermisosDeCliente[]> {
    const rows = await this.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(eq(clientes.entidadId, entidadId))
      .orderBy(asc(clientes.id));
    return rows.map((r) => ({
      clienteID: r.id,
      delegarOrden: true,
      modificarOrden: true,
      borrarOrden: true,
    }));
  }

  /** The global permissions of every user of a company, by user id. */
  async globalOfCompany(entidadId: number): Promise<Map<number, string[]>> {
    const rows = await this.db
      .select({ usuarioId: usuarioPermisos.usuarioId, permiso: usuarioPermisos.permiso })
      .from(usuarioPermisos)
      .innerJoin(usuarios, eq(usuarios.id, usuarioPermisos.usuarioId))
      .where(eq(usuarios.entidadId, entidadId))
      .orderBy(asc(usuarioPermisos.usuarioId), asc(usuarioPermisos.permiso));
    const m = new Map<number, string[]>();
    for (const r of rows) {
      const list = m.get(r.usuarioId) ?? [];
      list.push(r.permiso);
      m.set(r.usuarioId, list);
    }
    return m;
  }

  async replaceGlobal(userId: number, list: readonly string[]): Promise<void> {
    await this.db.delete(usuarioPermisos).where(eq(usuarioPermisos.usuarioId, userId));
    if (list.length) {
      await this.db
        .insert(usuarioPermisos)
        .values([...new Set(list)].map((permiso) => ({ usuarioId: userId, permiso })));
    }
  }

  async setGlobal(userId: number, permiso: string, on: boolean): Promise<void> {
    if (on) {
      await this.db.insert(usuarioPermisos).values({ usuarioId: userId, permiso }).onConflictDoNothing();
    } else {
      await this.db
        .delete(usuarioPermisos)
        .where(and(eq(usuarioPermisos.usuarioId, userId), eq(usuarioPermisos.permiso, permiso)));
    }
  }

  clientRow(entidadId: number, userId: number, clienteId: number): Promise<PermisosDeCliente | undefined> {
    return firstRow(
      this.db
        .select(columnasCliente)
        .from(usuarioClientePermisos)
        .where(filaCliente(entidadId, userId, clienteId)),
    );
  }

  /** Stores a user's permissions on one client; a row with none left is removed. */
  async saveClientRow(entidadId: number, userId: number, p: PermisosDeCliente): Promise<void> {
    if (!p.delegarOrden && !p.modificarOrden && !p.borrarOrden) {
      await this.deleteClientRow(entidadId, userId, p.clienteID);
      return;
    }
    const flags = { delegarOrden: p.delegarOrden, modificarOrden: p.modificarOrden, borrarOrden: p.borrarOrden };
    await this.db
      .insert(usuarioClientePermisos)
      .values({ entidadId, usuarioId: userId, clienteId: p.clienteID, ...flags })
      .onConflictDoUpdate({
        target: [usuarioClientePermisos.usuarioId, usuarioClientePermisos.clienteId],
        set: flags,
        setWhere: sql`${usuarioClientePermisos.entidadId} = ${entidadId}`,
      });
  }

  async deleteClientRow(entidadId: number, userId: number, clienteId: number): Promise<void> {
    await this.db.delete(usuarioClientePermisos).where(filaCliente(entidadId, userId, clienteId));
  }
}
