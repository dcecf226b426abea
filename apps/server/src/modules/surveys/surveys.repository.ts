import { ESTADO } from '@delego/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerJson, type SinLeer } from '../../kernel/db/json.js';
import { filaInsertada, whereDeOrden } from '../../lib/queries.js';
import { encuesta, encuestaConfig } from './surveys.tables.js';
import type { EncuestaParaResumen } from './resumen.js';

/** A survey as the service works with it. */
export interface EncuestaFila {
  id: number;
  entidadId: number;
  ordenId: number;
  email: string;
  enviadaPor: number;
  enviadaEn: Date;
  venceEn: Date;
  automatica: boolean;
  puntaje: number | null;
  comentario: string | null;
  respondidaEn: Date | null;
  cerradaEn: Date | null;
}

/** A survey found by its link's token, with what the public page shows and who gets notified. */
export interface EncuestaDeEnlace extends EncuestaFila {
  entidadNombre: string;
  logo: string | null;
  numero: number;
  titulo: string;
  registroResponsableId: number;
  responsables: number[];
}

/** A survey of an order as its people see it, with who sent it. */
export interface EncuestaDeOrdenFila extends EncuestaFila {
  enviadaPorNombre: string;
}

/** An order as the automatic send needs it (no actor: the company's own event). */
export interface OrdenParaEncuesta {
  numero: number;
  titulo: string;
  /** Finalizada now: the order may have been reopened since the event that sends the survey. */
  finalizada: boolean;
  clienteEmail: string | null;
}

/** One survey of the results, with its order (the aggregates are computed from these: resumen.ts). */
export type FilaResultado = EncuestaParaResumen;

export interface FiltroResultados {
  desde?: Date;
  hasta?: Date;
  cliente?: number;
  responsable?: number;
  tipoOrden?: number;
}

const fecha = (v: unknown) => (v == null ? null : new Date(Number(v)));
const ms = (col: SQL) => sql`round(extract(epoch from ${col}) * 1000)::float8`;

const COLUMNAS = {
  id: encuesta.id,
  entidadId: encuesta.entidadId,
  ordenId: encuesta.ordenId,
  email: encuesta.email,
  enviadaPor: encuesta.enviadaPor,
  enviadaEn: encuesta.enviadaEn,
  venceEn: encuesta.venceEn,
  automatica: encuesta.automatica,
  puntaje: encuesta.puntaje,
  comentario: encuesta.comentario,
  respondidaEn: encuesta.respondidaEn,
  cerradaEn: encuesta.cerradaEn,
};

/**
 * The surveys' SQL. Every query but the token look-up filters by the company; the token names one
 * survey (256 random bits) and is the only key the public page has. The reads join orders,
 * clients, users and companies for names (the read exception of docs/ARCHITECTURE.md).
 */
export class SurveysRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(v: {
    entidadId: number;
    ordenId: number;
    email: string;
    tokenHash: string;
    enviadaPor: number;
    enviadaEn: Date;
    venceEn: Date;
    automatica: boolean;
  }): Promise<EncuestaFila> {
    return filaInsertada(this.db.insert(encuesta).values(v).returning(COLUMNAS), 'encuesta no guardada');
  }

  async countByOrden(entidadId: number, ordenId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(encuesta)
      .where(whereDeOrden(encuesta, entidadId, ordenId));
    return rows[0]?.n ?? 0;
  }

  /** The surveys of an order, the latest first, with the name of who sent each. */
  async listByOrden(entidadId: number, ordenId: number): Promise<EncuestaDeOrdenFila[]> {
    const r = await this.db.execute<
      SinLeer<EncuestaDeOrdenFila, 'enviadaEn' | 'venceEn' | 'respondidaEn' | 'cerradaEn'> & Record<string, unknown>
    >(sql`
      select e.id, e.entidad_id as "entidadId", e.orden_id as "ordenId", e.email, e.enviada_por as "enviadaPor",
             ${ms(sql`e.enviada_en`)} as "enviadaEn", ${ms(sql`e.vence_en`)} as "venceEn", e.automatica,
             e.puntaje, e.comentario, ${ms(sql`e.respondida_en`)} as "respondidaEn",
             ${ms(sql`e.cerrada_en`)} as "cerradaEn",
             trim(u.nombre || ' ' || u.apellido) as "enviadaPorNombre"
        from encuesta e join usuarios u on u.id = e.enviada_por
       where e.entidad_id = ${entidadId} and e.orden_id = ${ordenId}
       order by e.enviada_en desc, e.id desc`);
    return r.rows.map((x) => ({
      ...x,
      enviadaEn: new Date(Number(x.enviadaEn)),
      venceEn: new Date(Number(x.venceEn)),
      respondidaEn: fecha(x.respondidaEn),
      cerradaEn: fecha(x.cerradaEn),
    }));
  }

  /** The survey of a link, with its company, order and the people to notify; locked with `bloquear`. */
  async findByHash(hash: string, bloquear = false): Promise<EncuestaDeEnlace | undefined> {
    const r = await this.db.execute<
      SinLeer<EncuestaDeEnlace, 'enviadaEn' | 'venceEn' | 'respondidaEn' | 'cerradaEn' | 'responsables'> &
        Record<string, unknown>
    >(sql`
      select e.id, e.entidad_id as "entidadId", e.orden_id as "ordenId", e.email, e.enviada_por as "enviadaPor",
             ${ms(sql`e.enviada_en`)} as "enviadaEn", ${ms(sql`e.vence_en`)} as "venceEn", e.automatica,
             e.puntaje, e.comentario, ${ms(sql`e.respondida_en`)} as "respondidaEn",
             ${ms(sql`e.cerrada_en`)} as "cerradaEn",
             en.nombre as "entidadNombre", en.logo, o.numero, o.titulo,
             o.registro_responsable_id as "registroResponsableId",
             coalesce((select json_agg(r.usuario_id order by r.usuario_id) from orden_responsables r
                        where r.orden_id = o.id), '[]'::json) as responsables
        from encuesta e
        join ordenes o on o.id = e.orden_id and o.entidad_id = e.entidad_id
        join entidades en on en.id = e.entidad_id
       where e.token_hash = ${hash} and o.eliminada is null
       ${bloquear ? sql`for update of e` : sql``}`);
    const x = r.rows.at(0);
    if (!x) return undefined;
    return {
      ...x,
      enviadaEn: new Date(Number(x.enviadaEn)),
      venceEn: new Date(Number(x.venceEn)),
      respondidaEn: fecha(x.respondidaEn),
      cerradaEn: fecha(x.cerradaEn),
      responsables: leerJson<number[]>(x.responsables),
    };
  }

  /** The token hash of the latest survey of the order that is unanswered and not expired. */
  async findPendiente(
    entidadId: number,
    ordenId: number,
    ahora: Date,
  ): Promise<(EncuestaFila & { tokenHash: string }) | undefined> {
    const rows = await this.db
      .select({ ...COLUMNAS, tokenHash: encuesta.tokenHash })
      .from(encuesta)
      .where(
        and(
          eq(encuesta.entidadId, entidadId),
          eq(encuesta.ordenId, ordenId),
          sql`${encuesta.respondidaEn} is null`,
          sql`${encuesta.venceEn} > ${ahora.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(encuesta.enviadaEn), desc(encuesta.id))
      .limit(1);
    return rows[0];
  }

  /** Records or changes the answer (`comentario` undefined keeps the one there). */
  async updateRespuesta(
    id: number,
    v: { puntaje: number; comentario?: string | null; respondidaEn: Date; cerradaEn: Date | null },
  ): Promise<void> {
    await this.db
      .update(encuesta)
      .set({
        puntaje: v.puntaje,
        respondidaEn: v.respondidaEn,
        cerradaEn: v.cerradaEn,
        ...(v.comentario !== undefined ? { comentario: v.comentario } : {}),
      })
      .where(eq(encuesta.id, id));
  }

  /** The order, its client's email: for the automatic send, which has no actor to ask with. */
  async findOrden(entidadId: number, ordenId: number): Promise<OrdenParaEncuesta | undefined> {
    const r = await this.db.execute<OrdenParaEncuesta & Record<string, unknown>>(sql`
      select o.numero, o.titulo, o.estado_id = ${ESTADO.FINALIZADA} as finalizada, c.email as "clienteEmail"
        from ordenes o left join clientes c on c.id = o.cliente_id and c.entidad_id = o.entidad_id
       where o.entidad_id = ${entidadId} and o.id = ${ordenId} and o.eliminada is null`);
    return r.rows.at(0);
  }

  /**
   * Locks the order's row until the transaction ends, as a manual send does (OrdersService.acceso
   * with `bloquear`): the automatic send and a person cannot both pass the limit. False when gone.
   */
  async lockOrden(entidadId: number, ordenId: number): Promise<boolean> {
    const r = await this.db.execute(sql`
      select id from ordenes where entidad_id = ${entidadId} and id = ${ordenId} and eliminada is null for update`);
    return r.rows.length > 0;
  }

  async findConfig(entidadId: number): Promise<{ envioAutomatico: boolean } | undefined> {
    const rows = await this.db
      .select({ envioAutomatico: encuestaConfig.envioAutomatico })
      .from(encuestaConfig)
      .where(eq(encuestaConfig.entidadId, entidadId))
      .limit(1);
    return rows[0];
  }

  async saveConfig(entidadId: number, envioAutomatico: boolean): Promise<void> {
    await this.db
      .insert(encuestaConfig)
      .values({ entidadId, envioAutomatico })
      .onConflictDoUpdate({ target: encuestaConfig.entidadId, set: { envioAutomatico } });
  }

  /** The surveys sent in the range, with the filters, each with its order (not deleted). */
  async listResultados(entidadId: number, f: FiltroResultados): Promise<FilaResultado[]> {
    const condiciones: SQL[] = [sql`e.entidad_id = ${entidadId}`, sql`o.eliminada is null`];
    if (f.desde) condiciones.push(sql`e.enviada_en >= ${f.desde.toISOString()}::timestamptz`);
    if (f.hasta) condiciones.push(sql`e.enviada_en <= ${f.hasta.toISOString()}::timestamptz`);
    if (f.cliente !== undefined) condiciones.push(sql`o.cliente_id = ${f.cliente}`);
    if (f.tipoOrden !== undefined) condiciones.push(sql`o.tipo_orden_id = ${f.tipoOrden}`);
    if (f.responsable !== undefined) {
      condiciones.push(
        sql`exists (select 1 from orden_responsables r where r.orden_id = o.id and r.usuario_id = ${f.responsable})`,
      );
    }
    const r = await this.db.execute<
      SinLeer<FilaResultado, 'respondidaEn' | 'responsables'> & Record<string, unknown>
    >(sql`
      select e.id, e.orden_id as "ordenId", o.numero, o.titulo, o.cliente_id as "clienteId", c.nombre as cliente,
             e.puntaje, e.comentario, ${ms(sql`e.respondida_en`)} as "respondidaEn",
             coalesce((select json_agg(r.usuario_id order by r.usuario_id) from orden_responsables r
                        where r.orden_id = o.id), '[]'::json) as responsables
        from encuesta e
        join ordenes o on o.id = e.orden_id and o.entidad_id = e.entidad_id
        left join clientes c on c.id = o.cliente_id and c.entidad_id = o.entidad_id
       where ${sql.join(condiciones, sql` and `)}
       order by e.respondida_en desc nulls last, e.id desc`);
    return r.rows.map((x) => ({
      ...x,
      respondidaEn: x.respondidaEn == null ? null : Number(x.respondidaEn),
      responsables: leerJson<number[]>(x.responsables),
    }));
  }

  /** The names of the company's users (active or not) among `ids`. */
  async nombresDeUsuarios(entidadId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const r = await this.db.execute<{ id: number; nombre: string }>(sql`
      select id, trim(nombre || ' ' || apellido) as nombre from usuarios
       where entidad_id = ${entidadId} and id = any(${sql.param([...ids])}::int[])`);
    return new Map(r.rows.map((u) => [u.id, u.nombre]));
  }
}
