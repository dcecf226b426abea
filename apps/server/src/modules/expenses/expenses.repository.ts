import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { joinIds, whereId, whereIdsDeOrden } from '../../lib/queries.js';
import { leerJson, type SinLeer } from '../../kernel/db/json.js';
import { registroGastos, registroHoras } from './expenses.tables.js';

const ms = (col: ReturnType<typeof sql>) => sql`(extract(epoch from ${col}) * 1000)::float8`;

export type PersonaFila = {
  id: number;
  usuario: string;
  nombre: string;
  apellido: string;
};

export type HorasFila = {
  id: number;
  ordenId: number;
  usuarioId: number;
  autorId: number;
  fecha: number;
  dia: string;
  minutos: number;
  descripcion: string;
  creado: number;
  actualizado: number;
  usuario: PersonaFila;
  autor: PersonaFila;
};

export type GastoFila = {
  id: number;
  ordenId: number;
  autorId: number;
  fecha: number;
  concepto: string;
  centavos: number;
  moneda: string;
  comprobanteArchivoId: number | null;
  comprobanteNombre: string | null;
  creado: number;
  actualizado: number;
  autor: PersonaFila;
};

const persona = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'usuario', ${alias}.usuario, 'nombre', ${alias}.nombre, 'apellido', ${alias}.apellido)`,
  );

/** Every query is scoped by company (and order where it applies). */
export class ExpensesRepository {
  constructor(private readonly db: DbOrTx) {}

  async horas(entidadId: number, ordenId: number, ids?: number[]): Promise<HorasFila[]> {
    if (ids && !ids.length) return [];
    const r = await this.db.execute<SinLeer<HorasFila, 'usuario' | 'autor'>>(sql`
      select h.id, h.orden_id as "ordenId", h.usuario_id as "usuarioId", h.autor_id as "autorId",
             ${ms(sql`h.fecha`)} as fecha, h.dia::text as dia, h.minutos, h.descripcion,
             ${ms(sql`h.creado`)} as creado, ${ms(sql`h.actualizado`)} as actualizado,
             ${persona('u')} as usuario, ${persona('a')} as autor
      from registro_horas h join usuarios u on u.id = h.usuario_id join usuarios a on a.id = h.autor_id
      where h.entidad_id = ${entidadId} and h.orden_id = ${ordenId} ${ids ? sql`and h.id in (${joinIds(ids)})` : sql``}
      order by h.dia, h.fecha, h.id`);
    return r.rows.map((x) => ({
      ...x,
      usuario: leerJson(x.usuario),
      autor: leerJson(x.autor),
    }));
  }

  async gastos(entidadId: number, ordenId: number, ids?: number[]): Promise<GastoFila[]> {
    if (ids && !ids.length) return [];
    const r = await this.db.execute<SinLeer<GastoFila, 'autor'>>(sql`
      select g.id, g.orden_id as "ordenId", g.autor_id as "autorId", ${ms(sql`g.fecha`)} as fecha, g.concepto,
             g.centavos::float8 as centavos, g.moneda, g.comprobante_archivo_id as "comprobanteArchivoId", f.nombre as "comprobanteNombre",
             ${ms(sql`g.creado`)} as creado, ${ms(sql`g.actualizado`)} as actualizado, ${persona('a')} as autor
      from registro_gastos g join usuarios a on a.id = g.autor_id
      left join orden_archivos f on f.id = g.comprobante_archivo_id and f.entidad_id = g.entidad_id
      where g.entidad_id = ${entidadId} and g.orden_id = ${ordenId} ${ids ? sql`and g.id in (${joinIds(ids)})` : sql``}
      order by g.fecha, g.id`);
    return r.rows.map((x) => ({ ...x, autor: leerJson(x.autor) }));
  }

  async insertHoras(rows: (typeof registroHoras.$inferInsert)[]): Promise<number[]> {
    if (!rows.length) return [];
    return (await this.db.insert(registroHoras).values(rows).returning({ id: registroHoras.id })).map((r) => r.id);
  }

  async insertGastos(rows: (typeof registroGastos.$inferInsert)[]): Promise<number[]> {
    if (!rows.length) return [];
    return (await this.db.insert(registroGastos).values(rows).returning({ id: registroGastos.id })).map((r) => r.id);
  }

  async updateHoras(entidadId: number, id: number, set: Partial<typeof registroHoras.$inferInsert>): Promise<void> {
    await this.db
      .update(registroHoras)
      .set(set)
      .where(whereId(registroHoras, entidadId, id));
  }

  async updateGasto(entidadId: number, id: number, set: Partial<typeof registroGastos.$inferInsert>): Promise<void> {
    await this.db
      .update(registroGastos)
      .set(set)
      .where(whereId(registroGastos, entidadId, id));
  }

  /** Removes entries of one order from the hours or the expenses. */
  async delete(clase: 'horas' | 'gastos', entidadId: number, ordenId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const t = clase === 'horas' ? registroHoras : registroGastos;
    await this.db.delete(t).where(whereIdsDeOrden(t, entidadId, ordenId, ids));
  }

  /** Serialises changes to the hours of these users (the 24 h rule spans every order). */
  async bloquearUsuarios(ids: number[]): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await this.db.execute(sql`select pg_advisory_xact_lock(715101, ${id})`);
    }
  }

  /** The (user, day) pairs among these whose hours over every order add up to more than `max` minutes. */
  async diasExcedidos(entidadId: number, pares: { usuarioId: number; dia: string }[], max: number) {
    if (!pares.length) return [];
    const valores = sql.join(
      pares.map((p) => sql`(${p.usuarioId}::int, ${p.dia}::date)`),
      sql`, `,
    );
    const r = await this.db.execute<{ usuarioId: number; dia: string; minutos: number; nombre: string }>(sql`
      select h.usuario_id as "usuarioId", h.dia::text as dia, sum(h.minutos)::int as minutos,
             trim(u.nombre || ' ' || u.apellido) as nombre
      from registro_horas h join usuarios u on u.id = h.usuario_id
      where h.entidad_id = ${entidadId} and (h.usuario_id, h.dia) in (${valores})
      group by h.usuario_id, h.dia, u.nombre, u.apellido
      having sum(h.minutos) > ${max}`);
    return r.rows;
  }

  /** Active users of the company among `ids`, with their names. */
  async usuariosActivos(entidadId: number, ids: number[]): Promise<PersonaFila[]> {
    if (!ids.length) return [];
    const r = await this.db.execute<PersonaFila>(
      sql`select id, usuario, nombre, apellido from usuarios where entidad_id = ${entidadId} and activo and id in (${joinIds(ids)})`,
    );
    return r.rows;
  }

  /** Hours and expenses of several orders, for the export (one round trip per page). */
  async totales(entidadId: number, ordenIds: number[]) {
    if (!ordenIds.length) return { horas: [], gastos: [] };
    const h = await this.db.execute<{ ordenId: number; minutos: number }>(sql`
      select orden_id as "ordenId", sum(minutos)::int as minutos from registro_horas
      where entidad_id = ${entidadId} and orden_id in (${joinIds(ordenIds)}) group by orden_id`);
    const g = await this.db.execute<{ ordenId: number; moneda: string; centavos: number }>(sql`
      select orden_id as "ordenId", moneda, sum(centavos)::float8 as centavos from registro_gastos
      where entidad_id = ${entidadId} and orden_id in (${joinIds(ordenIds)}) group by orden_id, moneda order by moneda`);
    return { horas: h.rows, gastos: g.rows };
  }

  /** Hours per user and client between two days (inclusive), orders not deleted. */
  async horasPorUsuarioYCliente(entidadId: number, desde: string, hasta: string) {
    const r = await this.db.execute<{
      u_id: number;
      u_usuario: string;
      u_nombre: string;
      u_apellido: string;
      c_id: number | null;
      c_nombre: string | null;
      minutos: number;
    }>(sql`
      select u.id as u_id, u.usuario as u_usuario, u.nombre as u_nombre, u.apellido as u_apellido,
             c.id as c_id, c.nombre as c_nombre, sum(h.minutos)::int as minutos
      from registro_horas h
      join ordenes o on o.id = h.orden_id and o.entidad_id = h.entidad_id
      join usuarios u on u.id = h.usuario_id
      left join clientes c on c.id = o.cliente_id
      where h.entidad_id = ${entidadId} and h.dia between ${desde}::date and ${hasta}::date and o.eliminada is null
      group by u.id, u.usuario, u.nombre, u.apellido, c.id, c.nombre
      order by u.nombre, u.apellido, u.id, c.nombre nulls last, c.id`);
    return r.rows;
  }

  /** Entries between two days, after (dia, id), for the detail sheet of the export (keyset pages). */
  async detalleHoras(
    entidadId: number,
    desde: string,
    hasta: string,
    despues: { dia: string; id: number } | null,
    limite: number,
  ) {
    const r = await this.db.execute<{
      id: number;
      dia: string;
      minutos: number;
      descripcion: string;
      usuario: string;
      cliente: string | null;
      numero: number;
      titulo: string;
    }>(sql`
      select h.id, h.dia::text as dia, h.minutos, h.descripcion,
             trim(u.nombre || ' ' || u.apellido) as usuario, c.nombre as cliente, o.numero, o.titulo
      from registro_horas h
      join ordenes o on o.id = h.orden_id and o.entidad_id = h.entidad_id
      join usuarios u on u.id = h.usuario_id
      left join clientes c on c.id = o.cliente_id
      where h.entidad_id = ${entidadId} and h.dia between ${desde}::date and ${hasta}::date and o.eliminada is null
        ${despues ? sql`and (h.dia, h.id) > (${despues.dia}::date, ${despues.id}::int)` : sql``}
      order by h.dia, h.id
      limit ${limite}`);
    return r.rows;
  }
}
