import { and, asc, eq } from 'drizzle-orm';
import type { PermisosDeCliente, Permiso } from '@delego/contract';
import type { DbOrTx } from '../../db/client.js';
import { clientes } from '../clients/clients.tables.js';
import { permisos, usuarioClientePermisos, usuarioPermisos } from './permissions.tables.js';

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
      .select({
        clienteID: usuarioClientePermisos.clienteId,
        delegarOrden: usuarioClientePermisos.delegarOrden,
        modificarOrden: usuarioClientePermisos.modificarOrden,
        borrarOrden: usuarioClientePermisos.borrarOrden,
      })
      .from(usuarioClientePermisos)
      .where(
        and(
          eq(usuarioClientePermisos.entidadId, entidadId),
          eq(usuarioClientePermisos.usuarioId, userId),
        ),
      )
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
}
