import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ArchivoFila } from '../files/index.js';
import { usuarios } from '../identity/users.tables.js';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { contieneSql, normalizadoSql, palabrasDeBusqueda } from '../../lib/busqueda.js';
import { filaInsertada, firstRow, whereId } from '../../lib/queries.js';
import { clientes } from '../clients/clients.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { equipoArchivos, equipos, ubicaciones } from './equipment.tables.js';

/** What a site stores besides its id, company and QR code. */
export interface UbicacionDatos {
  clienteId: number;
  nombre: string;
  codigo: string | null;
  direccion: string | null;
  notas: string | null;
}

/** What an equipo stores besides its id, company and QR code. */
export interface EquipoDatos {
  clienteId: number;
  ubicacionId: number | null;
  nombre: string;
  codigo: string | null;
  ubicacionInterna: string | null;
  marca: string | null;
  modelo: string | null;
  serie: string | null;
  notas: string | null;
}

/** A stored file of an equipo, with who uploaded it. */
export type ArchivoDeEquipo = Omit<ArchivoFila, 'ordenId'>;

/** A site as read, with its client's name and how many equipos it holds. */
export interface UbicacionFila extends UbicacionDatos {
  id: number;
  clienteNombre: string;
  codigoQr: string;
  equipos: number;
}

/** An equipo as read, with its client's and site's names. */
export interface EquipoFila extends EquipoDatos {
  id: number;
  clienteNombre: string;
  ubicacionNombre: string | null;
  codigoQr: string;
  creado: Date;
  actualizado: Date;
}

const columnasUbicacion = {
  id: ubicaciones.id,
  clienteId: ubicaciones.clienteId,
  clienteNombre: clientes.nombre,
  nombre: ubicaciones.nombre,
  codigo: ubicaciones.codigo,
  direccion: ubicaciones.direccion,
  notas: ubicaciones.notas,
  codigoQr: ubicaciones.codigoQr,
  equipos: sql<number>`(select count(*)::int from equipos q where q.ubicacion_id = ${ubicaciones.id})`.mapWith(Number),
};

const columnasEquipo = {
  id: equipos.id,
  clienteId: equipos.clienteId,
  clienteNombre: clientes.nombre,
  ubicacionId: equipos.ubicacionId,
  ubicacionNombre: ubicaciones.nombre,
  nombre: equipos.nombre,
  codigo: equipos.codigo,
  ubicacionInterna: equipos.ubicacionInterna,
  marca: equipos.marca,
  modelo: equipos.modelo,
  serie: equipos.serie,
  notas: equipos.notas,
  codigoQr: equipos.codigoQr,
  creado: equipos.creado,
  actualizado: equipos.actualizado,
};

/** Every word of a search in one of the expressions (lib/busqueda.ts: accents and case aside). */
function buscarEn(q: string | undefined, normalizada: SQL): SQL[] {
  return palabrasDeBusqueda(q).map((p) => contieneSql(normalizada, p));
}

/** The SQL of sites and equipos; every statement is scoped to the company. */
export class EquipmentRepository {
  constructor(private readonly db: DbOrTx) {}

  // ---------------------------------------------------------------- ubicaciones

  private selectUbicaciones() {
    return this.db
      .select(columnasUbicacion)
      .from(ubicaciones)
      .innerJoin(clientes, eq(clientes.id, ubicaciones.clienteId));
  }

  listUbicaciones(
    entidadId: number,
    f: { clienteId?: number | undefined; clientes?: readonly number[] | undefined; q?: string | undefined },
    limite: number,
  ): Promise<UbicacionFila[]> {
    const where = [
      eq(ubicaciones.entidadId, entidadId),
      f.clienteId ? eq(ubicaciones.clienteId, f.clienteId) : undefined,
      f.clientes ? inArray(ubicaciones.clienteId, [...f.clientes]) : undefined,
      ...buscarEn(
        f.q,
        normalizadoSql(
          sql`${ubicaciones.nombre} || ' ' || coalesce(${ubicaciones.codigo}, '') || ' ' || coalesce(${ubicaciones.direccion}, '')`,
        ),
      ),
    ];
    return this.selectUbicaciones()
      .where(and(...where))
      .orderBy(asc(clientes.nombre), asc(ubicaciones.nombre), asc(ubicaciones.id))
      .limit(limite);
  }

  findUbicacion(entidadId: number, id: number): Promise<UbicacionFila | undefined> {
    return firstRow(this.selectUbicaciones().where(whereId(ubicaciones, entidadId, id)));
  }

  /** Sites of a client by name or code (case aside), for an import: `clave` lower case. */
  async ubicacionesDeClientes(entidadId: number, clienteIds: readonly number[]) {
    if (!clienteIds.length) return [];
    return this.db
      .select({
        id: ubicaciones.id,
        clienteId: ubicaciones.clienteId,
        nombre: ubicaciones.nombre,
        codigo: ubicaciones.codigo,
      })
      .from(ubicaciones)
      .where(and(eq(ubicaciones.entidadId, entidadId), inArray(ubicaciones.clienteId, [...clienteIds])));
  }

  /** Another row of `tabla` in `ambito` with this code (case aside), other than `salvo`. */
  private async codigoTomado(tabla: 'ubicaciones' | 'equipos', ambito: SQL, codigo: string, salvo?: number) {
    const r = await this.db.execute(
      sql`select 1 from ${sql.identifier(tabla)} where ${ambito} and lower(codigo) = lower(${codigo}) and id <> ${salvo ?? 0} limit 1`,
    );
    return r.rows.length > 0;
  }

  /** Another site of the client with this code (case aside). */
  codigoUbicacionTomado(clienteId: number, codigo: string, salvo?: number): Promise<boolean> {
    return this.codigoTomado('ubicaciones', sql`cliente_id = ${clienteId}`, codigo, salvo);
  }

  async insertUbicacion(entidadId: number, d: UbicacionDatos, codigoQr: string): Promise<number> {
    const r = await filaInsertada(
      this.db
        .insert(ubicaciones)
        .values({ entidadId, ...d, codigoQr })
        .returning({ id: ubicaciones.id }),
      'la ubicación no se guardó',
    );
    return r.id;
  }

  async updateUbicacion(entidadId: number, id: number, d: UbicacionDatos): Promise<void> {
    await this.db
      .update(ubicaciones)
      .set({ ...d, actualizado: sql`now()` })
      .where(whereId(ubicaciones, entidadId, id));
  }

  async deleteUbicacion(entidadId: number, id: number): Promise<void> {
    await this.db.delete(ubicaciones).where(whereId(ubicaciones, entidadId, id));
  }

  /** How many equipos are at the site and how many orders name it. */
  async usosDeUbicacion(entidadId: number, id: number): Promise<{ equipos: number; ordenes: number }> {
    const r = await this.db.execute<{ equipos: number; ordenes: number }>(sql`
      select (select count(*)::int from equipos where entidad_id = ${entidadId} and ubicacion_id = ${id}) as equipos,
             (select count(*)::int from ordenes where entidad_id = ${entidadId} and ubicacion_id = ${id}) as ordenes`);
    const f = r.rows[0];
    return { equipos: Number(f?.equipos ?? 0), ordenes: Number(f?.ordenes ?? 0) };
  }

  /**
   * How many maintenance plans name the site or the equipo. The table is the maintenance module's
   * (built after this one): read by name, the one exception to reading only this module's tables.
   */
  async planesQueNombran(entidadId: number, cual: 'ubicacion' | 'equipo', id: number): Promise<number> {
    const columna = cual === 'equipo' ? sql`equipo_id` : sql`ubicacion_id`;
    const r = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mantenimientos where entidad_id = ${entidadId} and ${columna} = ${id}`,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  // ---------------------------------------------------------------- equipos

  private selectEquipos() {
    return this.db
      .select(columnasEquipo)
      .from(equipos)
      .innerJoin(clientes, eq(clientes.id, equipos.clienteId))
      .leftJoin(ubicaciones, eq(ubicaciones.id, equipos.ubicacionId));
  }

  private whereEquipos(
    entidadId: number,
    f: {
      clienteId?: number | undefined;
      ubicacionId?: number | undefined;
      clientes?: readonly number[] | undefined;
      q?: string | undefined;
    },
  ): SQL | undefined {
    return and(
      eq(equipos.entidadId, entidadId),
      f.clienteId ? eq(equipos.clienteId, f.clienteId) : undefined,
      f.ubicacionId ? eq(equipos.ubicacionId, f.ubicacionId) : undefined,
      f.clientes ? inArray(equipos.clienteId, [...f.clientes]) : undefined,
      ...buscarEn(f.q, sql`${equipos.busqueda}`),
    );
  }

  /** A page of equipos by name, and how many match in all. */
  async listEquipos(
    entidadId: number,
    f: Parameters<EquipmentRepository['whereEquipos']>[1],
    pagina: { limite: number; desde: number },
  ): Promise<{ filas: EquipoFila[]; total: number }> {
    const where = this.whereEquipos(entidadId, f);
    const filas = await this.selectEquipos()
      .where(where)
      .orderBy(asc(equipos.nombre), asc(equipos.id))
      .limit(pagina.limite)
      .offset(pagina.desde);
    const [t] = await this.db.select({ n: count() }).from(equipos).where(where);
    return { filas, total: Number(t?.n ?? 0) };
  }

  findEquipo(entidadId: number, id: number): Promise<EquipoFila | undefined> {
    return firstRow(this.selectEquipos().where(whereId(equipos, entidadId, id)));
  }

  /** The company's equipos among `ids` (labels), in no particular order. */
  equiposPorIds(entidadId: number, ids: readonly number[]): Promise<EquipoFila[]> {
    return this.selectEquipos().where(and(eq(equipos.entidadId, entidadId), inArray(equipos.id, [...ids])));
  }

  /** The company's equipo codes (lower case), for an import's uniqueness checks. */
  async codigosDeEquipos(entidadId: number): Promise<Set<string>> {
    const r = await this.db
      .select({ c: sql<string>`lower(${equipos.codigo})` })
      .from(equipos)
      .where(and(eq(equipos.entidadId, entidadId), sql`${equipos.codigo} is not null`));
    return new Set(r.map((x) => x.c));
  }

  /** Another equipo of the company with this code (case aside). */
  codigoEquipoTomado(entidadId: number, codigo: string, salvo?: number): Promise<boolean> {
    return this.codigoTomado('equipos', sql`entidad_id = ${entidadId}`, codigo, salvo);
  }

  async insertEquipo(entidadId: number, d: EquipoDatos, codigoQr: string): Promise<number> {
    const r = await filaInsertada(
      this.db
        .insert(equipos)
        .values({ entidadId, ...d, codigoQr })
        .returning({ id: equipos.id }),
      'el equipo no se guardó',
    );
    return r.id;
  }

  /** Many equipos in few statements (an import), 500 rows each. */
  async insertEquipos(entidadId: number, filas: readonly (EquipoDatos & { codigoQr: string })[]): Promise<void> {
    for (let i = 0; i < filas.length; i += 500) {
      await this.db.insert(equipos).values(filas.slice(i, i + 500).map((f) => ({ entidadId, ...f })));
    }
  }

  async updateEquipo(entidadId: number, id: number, d: EquipoDatos): Promise<void> {
    await this.db
      .update(equipos)
      .set({ ...d, actualizado: sql`now()` })
      .where(whereId(equipos, entidadId, id));
  }

  async deleteEquipo(entidadId: number, id: number): Promise<void> {
    await this.db.delete(equipos).where(whereId(equipos, entidadId, id));
  }

  /** How many orders (deleted ones too: they keep their history) name the equipo. */
  async ordenesDeEquipo(entidadId: number, id: number): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(ordenes)
      .where(and(eq(ordenes.entidadId, entidadId), eq(ordenes.equipoId, id)));
    return Number(r?.n ?? 0);
  }

  /**
   * The totals of the orders that match `donde` (the order list's conditions over `ordenes o`): how
   * many, minutes of work, and expenses per currency. Served by the orders' equipo index.
   */
  async totalesDeOrdenes(
    entidadId: number,
    donde: SQL,
  ): Promise<{ ordenes: number; minutos: number; gastos: { moneda: string; centavos: number }[] }> {
    const r = await this.db.execute<{ ordenes: number; minutos: number; gastos: unknown }>(sql`
      with sel as (select o.id from ordenes o where ${donde})
      select (select count(*)::int from sel) as ordenes,
             (select coalesce(sum(h.minutos), 0)::int from registro_horas h where h.entidad_id = ${entidadId} and h.orden_id in (select id from sel)) as minutos,
             coalesce((select json_agg(json_build_object('moneda', x.moneda, 'centavos', x.centavos) order by x.moneda)
                       from (select g.moneda, sum(g.centavos)::bigint as centavos from registro_gastos g
                             where g.entidad_id = ${entidadId} and g.orden_id in (select id from sel) group by g.moneda) x), '[]'::json) as gastos`);
    const f = r.rows[0];
    const gastos = leerJson<{ moneda: string; centavos: number | string }[]>(f?.gastos ?? []);
    return {
      ordenes: Number(f?.ordenes ?? 0),
      minutos: Number(f?.minutos ?? 0),
      gastos: gastos.map((g) => ({ moneda: g.moneda, centavos: Number(g.centavos) })),
    };
  }

  // ---------------------------------------------------------------- files

  private selectArchivos() {
    return this.db
      .select({
        id: equipoArchivos.id,
        nombre: equipoArchivos.nombre,
        mime: equipoArchivos.mime,
        tamanio: equipoArchivos.tamanio,
        esImagen: equipoArchivos.esImagen,
        clave: equipoArchivos.clave,
        claveMiniatura: equipoArchivos.claveMiniatura,
        creado: equipoArchivos.creado,
        usuarioId: equipoArchivos.usuarioId,
        usuarioNombre: usuarios.nombre,
        usuarioApellido: usuarios.apellido,
      })
      .from(equipoArchivos)
      .innerJoin(usuarios, eq(usuarios.id, equipoArchivos.usuarioId));
  }

  listArchivos(entidadId: number, equipoId: number): Promise<ArchivoDeEquipo[]> {
    return this.selectArchivos()
      .where(and(eq(equipoArchivos.entidadId, entidadId), eq(equipoArchivos.equipoId, equipoId)))
      .orderBy(asc(equipoArchivos.creado), asc(equipoArchivos.id));
  }

  findArchivo(entidadId: number, equipoId: number, id: number): Promise<ArchivoDeEquipo | undefined> {
    return firstRow(
      this.selectArchivos().where(
        and(eq(equipoArchivos.entidadId, entidadId), eq(equipoArchivos.equipoId, equipoId), eq(equipoArchivos.id, id)),
      ),
    );
  }

  async insertArchivos(rows: (typeof equipoArchivos.$inferInsert)[]): Promise<void> {
    if (rows.length) await this.db.insert(equipoArchivos).values(rows);
  }

  /** Removes one file's row; its keys, or undefined when it was not there. */
  async deleteArchivo(entidadId: number, equipoId: number, id: number) {
    const [r] = await this.db
      .delete(equipoArchivos)
      .where(
        and(eq(equipoArchivos.entidadId, entidadId), eq(equipoArchivos.equipoId, equipoId), eq(equipoArchivos.id, id)),
      )
      .returning({ clave: equipoArchivos.clave, claveMiniatura: equipoArchivos.claveMiniatura });
    return r;
  }

  /** Locks the equipo row (an upload's rows are not added to an equipo being deleted). */
  async lockEquipo(entidadId: number, id: number): Promise<boolean> {
    const r = await this.db.execute(
      sql`select id from equipos where entidad_id = ${entidadId} and id = ${id} for update`,
    );
    return r.rows.length > 0;
  }

  // ---------------------------------------------------------------- QR

  /** What a QR code is in the company: an equipo or a site; undefined when neither (or another company's). */
  async resolverQr(
    entidadId: number,
    codigo: string,
  ): Promise<{ tipo: 'equipo' | 'ubicacion'; id: number } | undefined> {
    const r = await this.db.execute<{ tipo: 'equipo' | 'ubicacion'; id: number }>(sql`
      select 'equipo' as tipo, id from equipos where codigo_qr = ${codigo} and entidad_id = ${entidadId}
      union all
      select 'ubicacion' as tipo, id from ubicaciones where codigo_qr = ${codigo} and entidad_id = ${entidadId}
      limit 1`);
    const f = r.rows[0];
    return f ? { tipo: f.tipo, id: Number(f.id) } : undefined;
  }

  /**
   * A QR code as the public request form sees it (issue 33): the equipo or site it names, of an
   * active client, in whichever company it is (the code is unique in the whole system). The only
   * look-up of this module that does not start from a company: the code is the key.
   */
  async lugarDeQr(codigo: string): Promise<LugarQr | undefined> {
    const de = async (tabla: typeof equipos | typeof ubicaciones, tipo: LugarQr['tipo']) => {
      const f = await firstRow(
        this.db
          .select({ entidadId: tabla.entidadId, clienteId: tabla.clienteId, id: tabla.id, nombre: tabla.nombre })
          .from(tabla)
          .innerJoin(clientes, and(eq(clientes.id, tabla.clienteId), eq(clientes.entidadId, tabla.entidadId)))
          .where(and(eq(tabla.codigoQr, codigo), eq(clientes.activo, true))),
      );
      return f ? { ...f, tipo } : undefined;
    };
    return (await de(equipos, 'equipo')) ?? (await de(ubicaciones, 'ubicacion'));
  }
}

/** What a QR code names, for the public request form: the place, its client and its company. */
export interface LugarQr {
  entidadId: number;
  clienteId: number;
  tipo: 'equipo' | 'ubicacion';
  id: number;
  nombre: string;
}
