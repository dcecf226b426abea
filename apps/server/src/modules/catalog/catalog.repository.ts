import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { E5sArea, Etiqueta } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { filaInsertada } from '../../lib/queries.js';
import { e5sAreas } from './catalog.tables.js';

/** The two catalogues administered alike: order types and areas. */
export type Clase = 'tipo' | 'area';

/**
 * Table and columns of each catalogue. `uso` is the column of `ordenes` (owned by the orders
 * module) that references it: read here only to count usage before deleting.
 */
type Nombre = ReturnType<typeof sql.identifier>;
const TABLA: Record<Clase, { tabla: Nombre; archivado: Nombre; uso: Nombre }> = {
  tipo: {
    tabla: sql.identifier('tipos_orden'),
    archivado: sql.identifier('archivado'),
    uso: sql.identifier('tipo_orden_id'),
  },
  area: { tabla: sql.identifier('areas'), archivado: sql.identifier('archivada'), uso: sql.identifier('area_id') },
};

type Row = {
  id: number;
  nombre: string;
  archivado: boolean;
};

export class CatalogRepository {
  constructor(private readonly db: DbOrTx) {}

  private async rows(q: SQL): Promise<Row[]> {
    const r = await this.db.execute<Row>(q);
    return r.rows.map((x) => ({ id: Number(x.id), nombre: x.nombre, archivado: Boolean(x.archivado) }));
  }

  list(clase: Clase, entidadId: number, incluirArchivados: boolean): Promise<Etiqueta[]> {
    const t = TABLA[clase];
    return this.rows(sql`
      select id, nombre, ${t.archivado} as archivado from ${t.tabla}
      where entidad_id = ${entidadId} ${incluirArchivados ? sql`` : sql`and not ${t.archivado}`}
      order by ${t.archivado}, lower(nombre), id`);
  }

  async find(clase: Clase, entidadId: number, id: number): Promise<Etiqueta | undefined> {
    const t = TABLA[clase];
    const r = await this.rows(sql`
      select id, nombre, ${t.archivado} as archivado from ${t.tabla}
      where entidad_id = ${entidadId} and id = ${id}`);
    return r[0];
  }

  /** Whether a non-archived entry of the company has this name (any case), other than `exceptId`. */
  async nameTaken(clase: Clase, entidadId: number, nombre: string, exceptId?: number): Promise<boolean> {
    const t = TABLA[clase];
    const r = await this.rows(sql`
      select id, nombre, ${t.archivado} as archivado from ${t.tabla}
      where entidad_id = ${entidadId} and not ${t.archivado} and lower(nombre) = ${nombre.toLowerCase()}
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}
      limit 1`);
    return r.length > 0;
  }

  async insert(clase: Clase, entidadId: number, nombre: string): Promise<Etiqueta> {
    const t = TABLA[clase];
    return filaInsertada(
      this.rows(sql`
        insert into ${t.tabla} (entidad_id, nombre) values (${entidadId}, ${nombre})
        returning id, nombre, ${t.archivado} as archivado`),
      'etiqueta no creada',
    );
  }

  async update(
    clase: Clase,
    entidadId: number,
    id: number,
    v: { nombre: string; archivado: boolean },
  ): Promise<Etiqueta | undefined> {
    const t = TABLA[clase];
    const r = await this.rows(sql`
      update ${t.tabla} set nombre = ${v.nombre}, ${t.archivado} = ${v.archivado}
      where entidad_id = ${entidadId} and id = ${id}
      returning id, nombre, ${t.archivado} as archivado`);
    return r[0];
  }

  /** How many orders (deleted ones too: they keep their references) use the entry. */
  async usage(clase: Clase, id: number): Promise<number> {
    const r = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ordenes where ${TABLA[clase].uso} = ${id}`,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async delete(clase: Clase, entidadId: number, id: number): Promise<void> {
    await this.db.execute(sql`delete from ${TABLA[clase].tabla} where entidad_id = ${entidadId} and id = ${id}`);
  }

  async archive(clase: Clase, entidadId: number, id: number): Promise<void> {
    const t = TABLA[clase];
    await this.db.execute(
      sql`update ${t.tabla} set ${t.archivado} = true where entidad_id = ${entidadId} and id = ${id}`,
    );
  }

  e5sList(entidadId: number): Promise<E5sArea[]> {
    return this.db
      .select({ clave: e5sAreas.clave, nombre: e5sAreas.nombre })
      .from(e5sAreas)
      .where(eq(e5sAreas.entidadId, entidadId))
      .orderBy(asc(e5sAreas.clave));
  }

  /** Replaces the company's E5S catalogue; returns how many entries it had. */
  async e5sReplace(entidadId: number, filas: readonly E5sArea[]): Promise<number> {
    const borradas = await this.db
      .delete(e5sAreas)
      .where(eq(e5sAreas.entidadId, entidadId))
      .returning({ id: e5sAreas.id });
    for (let i = 0; i < filas.length; i += 1000) {
      await this.db.insert(e5sAreas).values(filas.slice(i, i + 1000).map((f) => ({ ...f, entidadId })));
    }
    return borradas.length;
  }
}

/** True when a database error is a foreign-key violation (the entry is referenced). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}
