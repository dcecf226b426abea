import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow, whereDeOrden, whereIdsDeOrden } from '../../lib/queries.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenArchivos } from './files.tables.js';

export interface ArchivoFila {
  id: number;
  ordenId: number;
  nombre: string;
  mime: string;
  tamanio: number;
  esImagen: boolean;
  clave: string;
  claveMiniatura: string | null;
  creado: Date;
  usuarioId: number;
  usuarioNombre: string;
  usuarioApellido: string;
}

const columnas = {
  id: ordenArchivos.id,
  ordenId: ordenArchivos.ordenId,
  nombre: ordenArchivos.nombre,
  mime: ordenArchivos.mime,
  tamanio: ordenArchivos.tamanio,
  esImagen: ordenArchivos.esImagen,
  clave: ordenArchivos.clave,
  claveMiniatura: ordenArchivos.claveMiniatura,
  creado: ordenArchivos.creado,
  usuarioId: ordenArchivos.usuarioId,
  usuarioNombre: usuarios.nombre,
  usuarioApellido: usuarios.apellido,
};

/** Every query is scoped by company and order. */
export class FilesRepository {
  constructor(private readonly db: DbOrTx) {}

  async list(entidadId: number, ordenId: number): Promise<ArchivoFila[]> {
    return this.db
      .select(columnas)
      .from(ordenArchivos)
      .innerJoin(usuarios, eq(usuarios.id, ordenArchivos.usuarioId))
      .where(whereDeOrden(ordenArchivos, entidadId, ordenId))
      .orderBy(asc(ordenArchivos.creado), asc(ordenArchivos.id));
  }

  find(entidadId: number, ordenId: number, id: number): Promise<ArchivoFila | undefined> {
    return firstRow(
      this.db
        .select(columnas)
        .from(ordenArchivos)
        .innerJoin(usuarios, eq(usuarios.id, ordenArchivos.usuarioId))
        .where(
          and(eq(ordenArchivos.entidadId, entidadId), eq(ordenArchivos.ordenId, ordenId), eq(ordenArchivos.id, id)),
        ),
    );
  }

  /** Whole rows of the order's files among `ids` (to copy them to another order). */
  async filas(entidadId: number, ordenId: number, ids: number[]): Promise<(typeof ordenArchivos.$inferSelect)[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(ordenArchivos)
      .where(whereIdsDeOrden(ordenArchivos, entidadId, ordenId, ids))
      .orderBy(asc(ordenArchivos.id));
  }

  async insert(rows: (typeof ordenArchivos.$inferInsert)[]): Promise<{ id: number }[]> {
    if (!rows.length) return [];
    return this.db.insert(ordenArchivos).values(rows).returning({ id: ordenArchivos.id });
  }

  /** Removes the files of the order among `ids`; returns those removed (ids of other orders are left alone). */
  async delete(entidadId: number, ordenId: number, ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .delete(ordenArchivos)
      .where(whereIdsDeOrden(ordenArchivos, entidadId, ordenId, ids))
      .returning({
        id: ordenArchivos.id,
        nombre: ordenArchivos.nombre,
        clave: ordenArchivos.clave,
        claveMiniatura: ordenArchivos.claveMiniatura,
        tamanio: ordenArchivos.tamanio,
      });
  }

  /** Names of the order's files among `ids` (for receipts of expenses); with `soloImagenes`, images only. */
  async nombres(
    entidadId: number,
    ordenId: number,
    ids: number[],
    soloImagenes = false,
  ): Promise<{ id: number; nombre: string }[]> {
    if (!ids.length) return [];
    const donde = whereIdsDeOrden(ordenArchivos, entidadId, ordenId, ids);
    return this.db
      .select({ id: ordenArchivos.id, nombre: ordenArchivos.nombre })
      .from(ordenArchivos)
      .where(soloImagenes ? and(donde, eq(ordenArchivos.esImagen, true)) : donde);
  }

  async count(entidadId: number, ordenId: number): Promise<number> {
    const r = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orden_archivos where entidad_id = ${entidadId} and orden_id = ${ordenId}`,
    );
    return r.rows[0]?.n ?? 0;
  }
}
