import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EstadoMensajeWhatsapp, EventoAviso } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerFecha, leerJson } from '../../kernel/db/json.js';
import { reclamarDeSalida } from '../../lib/bandeja-salida.js';
import { intArray, ts } from '../../lib/queries.js';
import { whatsappEstados, whatsappSalida } from './whatsapp.tables.js';

/** How far each status is along the way: a status only moves forward (a late «entregado» after «leído» changes nothing). */
export const ORDEN_ESTADO: Record<EstadoMensajeWhatsapp, number> = {
  pendiente: 0,
  enviado: 1,
  entregado: 2,
  leido: 3,
  fallido: 4,
  correo: 5,
};

/** The statuses a message in `estado` can still move from to reach `nuevo` (those before it, short of a failure). */
function anterioresA(nuevo: EstadoMensajeWhatsapp): EstadoMensajeWhatsapp[] {
  return (['pendiente', 'enviado', 'entregado', 'leido'] as const).filter((e) => ORDEN_ESTADO[e] < ORDEN_ESTADO[nuevo]);
}

/** A message to add to the outbox. */
export interface FilaNueva {
  entidadId: number;
  clave: string;
  evento: EventoAviso;
  destinatarioTipo: 'usuario' | 'cliente';
  usuarioId: number | null;
  clienteId: number | null;
  ordenId: number | null;
  numero: string;
  plantilla: string;
  parametros: string[];
  texto: string;
  correoRespaldo: string | null;
  creado: Date;
}

/** A row of the outbox as the worker and the webhook handle it. */
export interface Mensaje extends Omit<FilaNueva, 'creado'> {
  id: number;
  estado: EstadoMensajeWhatsapp;
  intentos: number;
  wamid: string | null;
}

type FilaCruda = Omit<Mensaje, 'parametros'> & { parametros: unknown };

const COLUMNAS = sql`id, entidad_id as "entidadId", clave, evento, destinatario_tipo as "destinatarioTipo",
  usuario_id as "usuarioId", cliente_id as "clienteId", orden_id as "ordenId", numero, plantilla, parametros,
  texto, estado, intentos, wamid, correo_respaldo as "correoRespaldo"`;

const leerMensaje = (r: FilaCruda): Mensaje => ({ ...r, parametros: leerJson<string[]>(r.parametros) });

/**
 * The outbox and its statuses (docs/WHATSAPP.md). Every read of a company's messages filters by
 * its `entidad_id`; the worker's claim and the webhook's lookup by the Cloud API's id are the
 * process's own, on no one's behalf.
 */
export class SalidaRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Serialises, across instances and until the transaction ends, the queuing of one company's
   * messages: two transactions at once cannot both pass a cap.
   */
  async bloquearEntidad(entidadId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp:entidad:${entidadId}`}))`);
  }

  /** Messages the company queued after `desde`: in all, and to each of `numeros`. */
  async recuento(
    entidadId: number,
    numeros: readonly string[],
    desde: Date,
  ): Promise<{ total: number; porNumero: Map<string, number> }> {
    const r = await this.db.execute<{ numero: string; n: number }>(sql`
      select numero, count(*)::int as n from whatsapp_salida
      where entidad_id = ${entidadId} and creado > ${ts(desde)}
      group by numero`);
    const porNumero = new Map<string, number>();
    let total = 0;
    for (const f of r.rows) {
      total += Number(f.n);
      if (numeros.includes(f.numero)) porNumero.set(f.numero, Number(f.n));
    }
    return { total, porNumero };
  }

  /** Adds a message unless its key is already there; gives its id, or null when it was. */
  async insertar(f: FilaNueva): Promise<number | null> {
    const [fila] = await this.db
      .insert(whatsappSalida)
      .values({ ...f, proximoIntento: f.creado })
      .onConflictDoNothing({ target: whatsappSalida.clave })
      .returning({ id: whatsappSalida.id });
    return fila?.id ?? null;
  }

  /** Claims up to `limite` due messages until `hasta` (lib/bandeja-salida `reclamarDeSalida`). */
  async reclamar(ahora: Date, hasta: Date, limite: number): Promise<Mensaje[]> {
    const r = await this.db.execute<FilaCruda>(reclamarDeSalida('whatsapp_salida', ahora, hasta, limite, COLUMNAS));
    return r.rows.map(leerMensaje).sort((a, b) => a.id - b.id);
  }

  /**
   * The Cloud API took the message: its id, and «enviado» unless a webhook already moved it further
   * (a status can arrive before this commit). Only while the row is not closed.
   */
  async marcarEnviado(id: number, wamid: string): Promise<boolean> {
    const r = await this.db.execute(sql`
      update whatsapp_salida
      set wamid = ${wamid}, reclamado_hasta = null, ultimo_error = null,
        estado = case when estado = 'pendiente' then 'enviado' else estado end
      where id = ${id} and estado in ('pendiente', 'enviado', 'entregado', 'leido')
      returning id`);
    return r.rows.length > 0;
  }

  /** Failed this time: free the row and try again at `proximo` (only while it is still pending). */
  async reintentar(id: number, proximo: Date, error: string): Promise<void> {
    await this.db
      .update(whatsappSalida)
      .set({ proximoIntento: proximo, reclamadoHasta: null, ultimoError: error })
      .where(and(eq(whatsappSalida.id, id), eq(whatsappSalida.estado, 'pendiente')));
  }

  /**
   * Closes a message that has not been delivered (pending or only sent) as `estado` (fallido, or
   * correo when its mail went instead); false when it was already further or closed.
   */
  async cerrar(id: number, estado: 'fallido' | 'correo', error: string | null): Promise<boolean> {
    const r = await this.db
      .update(whatsappSalida)
      .set({ estado, reclamadoHasta: null, ...(error !== null ? { ultimoError: error.slice(0, 500) } : {}) })
      .where(
        and(
          eq(whatsappSalida.id, id),
          inArray(whatsappSalida.estado, estado === 'fallido' ? ['pendiente', 'enviado'] : ['fallido']),
        ),
      )
      .returning({ id: whatsappSalida.id });
    return r.length > 0;
  }

  /** Moves a message forward to `estado` (never back); true when it moved. */
  async avanzar(id: number, estado: 'entregado' | 'leido' | 'enviado'): Promise<boolean> {
    const r = await this.db
      .update(whatsappSalida)
      .set({ estado })
      .where(and(eq(whatsappSalida.id, id), inArray(whatsappSalida.estado, anterioresA(estado))))
      .returning({ id: whatsappSalida.id });
    return r.length > 0;
  }

  /** Stores the Cloud API's id of a message found by its key (a status arrived before the worker's commit). */
  async guardarWamid(id: number, wamid: string): Promise<void> {
    await this.db
      .update(whatsappSalida)
      .set({ wamid })
      .where(and(eq(whatsappSalida.id, id), sql`${whatsappSalida.wamid} is null`));
  }

  /** A status reached, once per message and status; true when it is new. */
  async estado(entidadId: number, mensajeId: number, estado: EstadoMensajeWhatsapp, cuando: Date): Promise<boolean> {
    const r = await this.db
      .insert(whatsappEstados)
      .values({ entidadId, mensajeId, estado, fecha: cuando })
      .onConflictDoNothing({ target: [whatsappEstados.mensajeId, whatsappEstados.estado] })
      .returning({ id: whatsappEstados.id });
    return r.length > 0;
  }

  /**
   * The message a status webhook names, locked until the transaction ends: by the Cloud API's id,
   * or by our key (`biz_opaque_callback_data`) when its id is not stored yet.
   */
  async paraEstado(wamid: string, clave: string | null): Promise<Mensaje | undefined> {
    const r = await this.db.execute<FilaCruda>(sql`
      select ${COLUMNAS} from whatsapp_salida
      where wamid = ${wamid} ${clave ? sql`or (clave = ${clave} and wamid is null)` : sql``}
      order by (wamid = ${wamid}) desc nulls last
      limit 1
      for update`);
    const fila = r.rows[0];
    return fila ? leerMensaje(fila) : undefined;
  }

  /** The message of ours that the Cloud API's id names (a reply's `context.id`). */
  async porWamid(wamid: string): Promise<Mensaje | undefined> {
    const r = await this.db.execute<FilaCruda>(sql`select ${COLUMNAS} from whatsapp_salida where wamid = ${wamid}`);
    const fila = r.rows[0];
    return fila ? leerMensaje(fila) : undefined;
  }

  /**
   * Claimed rows this worker will not send (it is stopping): free again at once, their claim's try
   * not counted, instead of waiting for the lease to end.
   */
  async liberar(ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    await this.db.execute(sql`
      update whatsapp_salida set reclamado_hasta = null, intentos = intentos - 1
      where id = any(${intArray(ids)}) and estado = 'pendiente'`);
  }

  /** The messages of one of the company's orders, oldest first, with every status each reached. */
  async deOrden(entidadId: number, ordenId: number): Promise<MensajeDeOrden[]> {
    const r = await this.db.execute<{
      id: number;
      ordenId: number | null;
      evento: EventoAviso;
      tipo: 'usuario' | 'cliente';
      nombre: string | null;
      numero: string;
      texto: string;
      creado: unknown;
      estado: EstadoMensajeWhatsapp;
    }>(sql`
      select s.id, s.orden_id as "ordenId", s.evento, s.destinatario_tipo as tipo, s.numero, s.texto, s.creado,
        s.estado,
        case when s.destinatario_tipo = 'usuario' then trim(u.nombre || ' ' || u.apellido) else c.nombre end as nombre
      from whatsapp_salida s
        left join usuarios u on u.id = s.usuario_id and u.entidad_id = s.entidad_id
        left join clientes c on c.id = s.cliente_id and c.entidad_id = s.entidad_id
      where s.entidad_id = ${entidadId} and s.orden_id = ${ordenId}
      order by s.id`);
    if (!r.rows.length) return [];
    const estados = await this.db
      .select({ mensajeId: whatsappEstados.mensajeId, estado: whatsappEstados.estado, fecha: whatsappEstados.fecha })
      .from(whatsappEstados)
      .where(
        and(
          eq(whatsappEstados.entidadId, entidadId),
          inArray(
            whatsappEstados.mensajeId,
            r.rows.map((m) => m.id),
          ),
        ),
      )
      .orderBy(asc(whatsappEstados.id));
    return r.rows.map((m) => ({
      id: m.id,
      ordenId: m.ordenId,
      evento: m.evento,
      destinatario: { tipo: m.tipo, nombre: m.nombre ?? '' },
      numero: m.numero,
      texto: m.texto,
      creado: leerFecha(m.creado),
      estado: m.estado,
      estados: estados
        .filter((e) => e.mensajeId === m.id)
        .map((e) => ({ estado: e.estado, fecha: e.fecha }))
        .sort((a, b) => ORDEN_ESTADO[a.estado] - ORDEN_ESTADO[b.estado]),
    }));
  }
}

/** A message as the order's screen shows it, before its number is masked. */
export interface MensajeDeOrden {
  id: number;
  ordenId: number | null;
  evento: EventoAviso;
  destinatario: { tipo: 'usuario' | 'cliente'; nombre: string };
  numero: string;
  texto: string;
  creado: Date;
  estado: EstadoMensajeWhatsapp;
  estados: { estado: EstadoMensajeWhatsapp; fecha: Date }[];
}
