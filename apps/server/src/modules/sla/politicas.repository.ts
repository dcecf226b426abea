import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Objetivo } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { lectorDe } from '../../kernel/db/leer.js';
import { slaPoliticas } from './sla.tables.js';

/** A policy version as stored, with the names of what it applies to (null = any). */
export interface FilaPolitica {
  id: number;
  politicaId: number;
  nombre: string;
  clienteId: number | null;
  clienteNombre: string | null;
  tipoOrdenId: number | null;
  tipoNombre: string | null;
  prioridadId: number | null;
  prioridadNombre: string | null;
  respuesta: Objetivo | null;
  resolucion: Objetivo | null;
  pausaEnEspera: boolean;
  vigenteDesde: Date;
}

export interface DatosPolitica {
  nombre: string;
  clienteId: number | null;
  tipoOrdenId: number | null;
  prioridadId: number | null;
  respuesta: Objetivo | null;
  resolucion: Objetivo | null;
  pausaEnEspera: boolean;
}

/** The policies' versions; every statement scoped by the company. */
export class PoliticasRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The versions in force (or the one of a policy), with the names of their client, type and priority. */
  async enVigor(entidadId: number, politicaId?: number): Promise<FilaPolitica[]> {
    const filas = await lectorDe(this.db)<FilaPolitica & { respuesta: unknown; resolucion: unknown }>(sql`
      select p.id, p.politica_id as "politicaId", p.nombre, p.cliente_id as "clienteId", c.nombre as "clienteNombre",
             p.tipo_orden_id as "tipoOrdenId", t.nombre as "tipoNombre", p.prioridad_id as "prioridadId",
             r.nombre as "prioridadNombre", p.respuesta, p.resolucion, p.pausa_en_espera as "pausaEnEspera",
             p.vigente_desde as "vigenteDesde"
        from sla_politicas p
        left join clientes c on c.id = p.cliente_id
        left join tipos_orden t on t.id = p.tipo_orden_id
        left join prioridades r on r.id = p.prioridad_id
       where p.entidad_id = ${entidadId} and p.vigente_hasta is null
         ${politicaId === undefined ? sql`` : sql`and p.politica_id = ${politicaId}`}
       order by p.nombre, p.politica_id`);
    return filas.map((f) => ({
      ...f,
      respuesta: f.respuesta == null ? null : leerJson<Objetivo>(f.respuesta),
      resolucion: f.resolucion == null ? null : leerJson<Objetivo>(f.resolucion),
      vigenteDesde: new Date(f.vigenteDesde),
    }));
  }

  async cuantasEnVigor(entidadId: number): Promise<number> {
    const [f] = await this.db
      .select({ n: count() })
      .from(slaPoliticas)
      .where(and(eq(slaPoliticas.entidadId, entidadId), isNull(slaPoliticas.vigenteHasta)));
    return f?.n ?? 0;
  }

  /** Which of the given references are the company's: a client, an order type, a priority. */
  async referenciasAjenas(
    entidadId: number,
    r: { clienteId: number | null; tipoOrdenId: number | null; prioridadId: number | null },
  ): Promise<('clienteId' | 'tipoOrdenId' | 'prioridadId')[]> {
    const [f] = await lectorDe(this.db)<{ c: boolean; t: boolean; p: boolean }>(sql`
      select
        (${r.clienteId}::int is null or exists (select 1 from clientes where id = ${r.clienteId} and entidad_id = ${entidadId})) as c,
        (${r.tipoOrdenId}::int is null or exists (select 1 from tipos_orden where id = ${r.tipoOrdenId} and entidad_id = ${entidadId})) as t,
        (${r.prioridadId}::int is null or exists (select 1 from prioridades where id = ${r.prioridadId} and entidad_id = ${entidadId})) as p`);
    const ajenas: ('clienteId' | 'tipoOrdenId' | 'prioridadId')[] = [];
    if (!f?.c) ajenas.push('clienteId');
    if (!f?.t) ajenas.push('tipoOrdenId');
    if (!f?.p) ajenas.push('prioridadId');
    return ajenas;
  }

  /** A new version; a first one takes its own id as the policy's. Its id. */
  async insertar(entidadId: number, d: DatosPolitica, desde: Date, politicaId?: number): Promise<number> {
    const [f] = await this.db
      .insert(slaPoliticas)
      .values({ entidadId, politicaId: politicaId ?? 0, ...d, vigenteDesde: desde })
      .returning({ id: slaPoliticas.id });
    const id = f!.id;
    if (politicaId === undefined) {
      await this.db.update(slaPoliticas).set({ politicaId: id }).where(eq(slaPoliticas.id, id));
      return id;
    }
    return id;
  }

  /** Closes the version in force of a policy: false when it has none (missing, removed, another company's). */
  async cerrar(entidadId: number, politicaId: number, hasta: Date): Promise<boolean> {
    const filas = await this.db
      .update(slaPoliticas)
      .set({ vigenteHasta: hasta })
      .where(
        and(
          eq(slaPoliticas.entidadId, entidadId),
          eq(slaPoliticas.politicaId, politicaId),
          isNull(slaPoliticas.vigenteHasta),
        ),
      )
      .returning({ id: slaPoliticas.id });
    return filas.length > 0;
  }

  /**
   * The version in force at `en` that reaches an order, the most specific first (client, then
   * type, then priority); null when none does.
   */
  async paraOrden(
    entidadId: number,
    o: { clienteId: number | null; tipoOrdenId: number | null; prioridadId: number | null },
    en: Date,
  ): Promise<{
    id: number;
    nombre: string;
    respuesta: Objetivo | null;
    resolucion: Objetivo | null;
    pausaEnEspera: boolean;
  } | null> {
    const filas = await this.db
      .select({
        id: slaPoliticas.id,
        nombre: slaPoliticas.nombre,
        respuesta: slaPoliticas.respuesta,
        resolucion: slaPoliticas.resolucion,
        pausaEnEspera: slaPoliticas.pausaEnEspera,
      })
      .from(slaPoliticas)
      .where(
        and(
          eq(slaPoliticas.entidadId, entidadId),
          sql`${slaPoliticas.vigenteDesde} <= ${en} and (${slaPoliticas.vigenteHasta} is null or ${slaPoliticas.vigenteHasta} > ${en})`,
          sql`(${slaPoliticas.clienteId} is null or ${slaPoliticas.clienteId} = ${o.clienteId})`,
          sql`(${slaPoliticas.tipoOrdenId} is null or ${slaPoliticas.tipoOrdenId} = ${o.tipoOrdenId})`,
          sql`(${slaPoliticas.prioridadId} is null or ${slaPoliticas.prioridadId} = ${o.prioridadId})`,
        ),
      )
      .orderBy(
        sql`(case when ${slaPoliticas.clienteId} is null then 0 else 4 end + case when ${slaPoliticas.tipoOrdenId} is null then 0 else 2 end + case when ${slaPoliticas.prioridadId} is null then 0 else 1 end) desc`,
        asc(slaPoliticas.id),
      )
      .limit(1);
    const f = filas[0];
    if (!f) return null;
    return {
      ...f,
      respuesta: f.respuesta == null ? null : leerJson<Objetivo>(f.respuesta),
      resolucion: f.resolucion == null ? null : leerJson<Objetivo>(f.resolucion),
    };
  }

  /** Whether the company had any policy version in force at some time after `desde` (or now). */
  async tuvoPoliticas(entidadId: number, desde: Date): Promise<boolean> {
    const [f] = await lectorDe(this.db)<{ hay: boolean }>(sql`
      select exists (select 1 from sla_politicas where entidad_id = ${entidadId}
                      and (vigente_hasta is null or vigente_hasta > ${desde})) as hay`);
    return f?.hay === true;
  }
}
