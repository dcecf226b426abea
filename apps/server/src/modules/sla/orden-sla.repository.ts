import { sql } from 'drizzle-orm';
import type { Objetivo } from '@delego/contract';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { lectorDe } from '../../kernel/db/leer.js';
import { ordenSla } from './sla.tables.js';

/** What the copy of an order's service level is computed from: the order as it is now. */
export interface OrdenParaSla {
  id: number;
  entidadId: number;
  clienteId: number | null;
  tipoOrdenId: number | null;
  prioridadId: number | null;
  estadoId: number;
  creada: Date;
  actualizada: Date;
}

/** A state change of the order's history. */
export interface CambioDeEstado {
  fecha: Date;
  desde: number | null;
  hacia: number | null;
}

/** The policy copied onto an order (kept as it was when the row was first written). */
export interface CopiaPolitica {
  politicaVersionId: number | null;
  politicaNombre: string | null;
  pausaEnEspera: boolean;
  respObjetivo: Objetivo | null;
  resObjetivo: Objetivo | null;
}

/** One target's computed columns. */
export interface PlazoCalculado {
  totalMs: number;
  vence: Date;
  aviso: Date;
  cumplida: Date | null;
}

/** The row as the sync writes it. */
export interface FilaOrdenSla extends CopiaPolitica {
  ordenId: number;
  entidadId: number;
  inicio: Date;
  pausadaDesde: Date | null;
  resp: PlazoCalculado | null;
  res: PlazoCalculado | null;
  sincronizada: Date;
  /** The order is neither Finalizada nor Cancelada. */
  abierta: boolean;
}

/** A target claimed by the warning scan, with who hears of it. */
export interface Reclamada {
  ordenId: number;
  entidadId: number;
  numero: number;
  titulo: string;
  vence: Date;
  creador: number;
  responsables: number[];
}

/** Which claim of the scan: a target's 80 % or its breach. */
export type Reclamo = { plazo: 'resp' | 'res'; que: 'aviso' | 'vence' };

/** The rows of `orden_sla`, and what the sync reads of the order (the read exception, docs/ARCHITECTURE.md). */
export class OrdenSlaRepository {
  private readonly leer;

  /** `consultar`: the prepared reader, for the reads outside a transaction (never inside one). */
  constructor(
    private readonly db: DbOrTx,
    consultar?: Consultar,
  ) {
    this.leer = lectorDe(db, consultar);
  }

  /** The order, locked (like every writer of an order, the order first: no deadlock with them). */
  async ordenBloqueada(entidadId: number, ordenId: number): Promise<OrdenParaSla | null> {
    const [o] = await this.leer<OrdenParaSla>(sql`
      select id, entidad_id as "entidadId", cliente_id as "clienteId", tipo_orden_id as "tipoOrdenId",
             prioridad_id as "prioridadId", estado_id as "estadoId", creada, actualizada
        from ordenes where id = ${ordenId} and entidad_id = ${entidadId} and eliminada is null
         for update`);
    return o ? { ...o, creada: new Date(o.creada), actualizada: new Date(o.actualizada) } : null;
  }

  /**
   * Whether the company has ever had a policy (versions are never deleted): otherwise none of its
   * orders has a row, nor gets one.
   */
  async tuvoAlgunaPolitica(entidadId: number): Promise<boolean> {
    const [f] = await this.leer<{ si: boolean }>(
      sql`select exists (select 1 from sla_politicas where entidad_id = ${entidadId}) as si`,
    );
    return f?.si === true;
  }

  async copia(ordenId: number): Promise<CopiaPolitica | null> {
    const [f] = await this.leer<CopiaPolitica & { respObjetivo: unknown; resObjetivo: unknown }>(sql`
      select politica_version_id as "politicaVersionId", politica_nombre as "politicaNombre",
             pausa_en_espera as "pausaEnEspera", resp_objetivo as "respObjetivo", res_objetivo as "resObjetivo"
        from orden_sla where orden_id = ${ordenId}`);
    if (!f) return null;
    return {
      ...f,
      respObjetivo: f.respObjetivo == null ? null : leerJson<Objetivo>(f.respObjetivo),
      resObjetivo: f.resObjetivo == null ? null : leerJson<Objetivo>(f.resObjetivo),
    };
  }

  async cambiosDeEstado(ordenId: number): Promise<CambioDeEstado[]> {
    const filas = await this.leer<CambioDeEstado>(sql`
      select fecha, estado_anterior_id as desde, estado_nuevo_id as hacia
        from orden_eventos where orden_id = ${ordenId} and tipo = 'ESTADO' order by fecha, id`);
    return filas.map((f) => ({ ...f, fecha: new Date(f.fecha) }));
  }

  /** Writes the row; the warnings already sent (`*_avisada`, `*_incumplida`) stay as they were. */
  async guardar(f: FilaOrdenSla): Promise<void> {
    const plazo = (p: PlazoCalculado | null) => ({
      totalMs: p?.totalMs ?? null,
      vence: p?.vence ?? null,
      aviso: p?.aviso ?? null,
      cumplida: p?.cumplida ?? null,
    });
    const resp = plazo(f.resp);
    const res = plazo(f.res);
    const calculado = {
      pausadaDesde: f.pausadaDesde,
      respTotalMs: resp.totalMs,
      respVence: resp.vence,
      respAviso: resp.aviso,
      respCumplida: resp.cumplida,
      resTotalMs: res.totalMs,
      resVence: res.vence,
      resAviso: res.aviso,
      resCumplida: res.cumplida,
      sincronizada: f.sincronizada,
      abierta: f.abierta,
    };
    await this.db
      .insert(ordenSla)
      .values({
        ordenId: f.ordenId,
        entidadId: f.entidadId,
        politicaVersionId: f.politicaVersionId,
        politicaNombre: f.politicaNombre,
        pausaEnEspera: f.pausaEnEspera,
        inicio: f.inicio,
        respObjetivo: f.respObjetivo,
        resObjetivo: f.resObjetivo,
        ...calculado,
      })
      .onConflictDoUpdate({ target: ordenSla.ordenId, set: calculado });
  }

  /**
   * Orders the sync has not seen as they are: created in the last days by a company that had a
   * policy then, without a row; or open when their row was written and changed since (a closed
   * order's row is left out, so this follows the open orders, not the history: a reopening whose
   * copy was lost is written again at the order's next state change).
   */
  async pendientes(desde: Date, lote: number): Promise<{ ordenId: number; entidadId: number }[]> {
    return this.leer<{ ordenId: number; entidadId: number }>(sql`
      (select o.id as "ordenId", o.entidad_id as "entidadId"
         from ordenes o
        where o.creada > ${desde} and o.eliminada is null
          and not exists (select 1 from orden_sla s where s.orden_id = o.id)
          and exists (select 1 from sla_politicas p where p.entidad_id = o.entidad_id and p.vigente_desde <= o.creada
                        and (p.vigente_hasta is null or p.vigente_hasta > o.creada))
        limit ${lote})
      union all
      (select s.orden_id, s.entidad_id from orden_sla s join ordenes o on o.id = s.orden_id
        where s.abierta and o.actualizada > s.sincronizada and o.eliminada is null
        limit ${lote})`);
  }

  /**
   * Claims up to `lote` targets that reached their 80 % (`aviso`) or their due instant (`vence`)
   * by `ahora` and were not yet claimed, marking them in the same statement: two instances never
   * claim the same one (`for update skip locked`, and the mark is checked again).
   */
  async reclamar(r: Reclamo, ahora: Date, lote: number): Promise<Reclamada[]> {
    const c = (nombre: string) => sql.raw(`${r.plazo}_${nombre}`);
    const marca = c(r.que === 'aviso' ? 'avisada' : 'incumplida');
    const instante = c(r.que);
    const filas = await this.leer<Reclamada>(sql`
      with reclamadas as (
        update orden_sla s set ${marca} = ${ahora}
         where s.orden_id in (
                 select orden_id from orden_sla
                  where ${c('cumplida')} is null and ${marca} is null and pausada_desde is null and ${instante} <= ${ahora}
                  order by ${instante} limit ${lote} for update skip locked)
           and s.${marca} is null
        returning s.orden_id, s.entidad_id, s.${c('vence')} as vence)
      select r.orden_id as "ordenId", r.entidad_id as "entidadId", o.numero, o.titulo, r.vence,
             o.registro_responsable_id as creador,
             coalesce((select array_agg(x.usuario_id order by x.usuario_id) from orden_responsables x where x.orden_id = o.id), '{}') as responsables
        from reclamadas r join ordenes o on o.id = r.orden_id`);
    return filas.map((f) => ({ ...f, vence: new Date(f.vence), responsables: (f.responsables ?? []).map(Number) }));
  }

  /** The company's active administrators (ADMIN or PROPIETARIO): a breach is escalated to them. */
  async administradores(entidadId: number): Promise<number[]> {
    const filas = await this.leer<{ id: number }>(sql`
      select distinct u.id from usuarios u
        join usuario_roles ur on ur.usuario_id = u.id
        join roles r on r.id = ur.rol_id
       where u.entidad_id = ${entidadId} and u.activo and r.nombre in ('ADMIN', 'PROPIETARIO')`);
    return filas.map((f) => f.id);
  }
}
