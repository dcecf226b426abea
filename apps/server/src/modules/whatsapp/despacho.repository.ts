import { sql } from 'drizzle-orm';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { lectorDe } from '../../kernel/db/leer.js';

/** The history events that a client with WhatsApp hears of: the order created, a state change, a survey sent. */
export const EVENTOS_PARA_CLIENTE = ['CREADA', 'ESTADO', 'ENCUESTA_ENVIADA'] as const;

/** A history event of an order whose client has a WhatsApp consent in force, not yet queued. */
export interface EventoParaCliente {
  eventoId: number;
  entidadId: number;
  ordenId: number;
  tipo: (typeof EVENTOS_PARA_CLIENTE)[number];
  usuarioId: number;
  estadoNuevoId: number | null;
  numero: number;
  titulo: string;
  clienteId: number;
  clienteNombre: string;
  clienteEmail: string | null;
}

/** An order and the user a message is for, as the message names them. */
export interface OrdenYUsuario {
  numero: number;
  titulo: string;
  estadoId: number;
  usuarioNombre: string;
  usuarioEmail: string | null;
}

/** The key of a client's message: one per history event. */
export const claveDeEvento = (eventoId: number) => `evento:${eventoId}`;
/** The key of a user's message: one per notification. */
export const claveDeAviso = (notificacionId: number) => `aviso:${notificacionId}`;

/**
 * What the dispatcher reads of the orders, clients and users (the read exception of
 * docs/ARCHITECTURE.md: joins that name other modules' tables, never writes).
 */
export class DespachoRepository {
  private readonly leer;

  /** `consultar`: the prepared reader, for the reads outside a transaction (never inside one). */
  constructor(db: DbOrTx, consultar?: Consultar) {
    this.leer = lectorDe(db, consultar);
  }

  /**
   * History events since `desde` (of one order, or of every order after the event `despuesDe`) of
   * clients whose consent is in force and was given before the event, with no message queued yet:
   * oldest first.
   */
  async eventosPendientes(
    desde: Date,
    limite: number,
    { ordenId, despuesDe = 0 }: { ordenId?: number; despuesDe?: number },
  ): Promise<EventoParaCliente[]> {
    const filas = await this.leer<EventoParaCliente>(
      sql`
      select e.id as "eventoId", e.entidad_id as "entidadId", e.orden_id as "ordenId", e.tipo,
             e.usuario_id as "usuarioId", e.estado_nuevo_id as "estadoNuevoId", o.numero, o.titulo,
             o.cliente_id as "clienteId", coalesce(nullif(trim(c.contacto), ''), c.nombre) as "clienteNombre", c.email as "clienteEmail"
        from whatsapp_clientes w
        join ordenes o on o.entidad_id = w.entidad_id and o.cliente_id = w.cliente_id and o.eliminada is null
        join orden_eventos e on e.orden_id = o.id and e.fecha > ${desde} and e.fecha > w.opt_in_fecha
        join clientes c on c.id = o.cliente_id and c.entidad_id = o.entidad_id
       where w.opt_in_fecha is not null
         and (w.opt_out_fecha is null or w.opt_out_fecha < w.opt_in_fecha)
         and e.tipo in (${sql.join(
           EVENTOS_PARA_CLIENTE.map((t) => sql`${t}`),
           sql`, `,
         )})
         and e.id > ${despuesDe}
         ${ordenId === undefined ? sql`` : sql`and o.id = ${ordenId}`}
         and not exists (select 1 from whatsapp_salida s where s.clave = 'evento:' || e.id::text)
       order by e.id
       limit ${limite}`,
      // One order's probe runs after every change of every order: prepared, it is planned once per
      // connection instead of each time (planning this join cost ~1.9 ms, 40 times its run, issue 37).
      { preparar: ordenId !== undefined },
    );
    return filas.map((f) => ({
      ...f,
      eventoId: Number(f.eventoId),
      estadoNuevoId: f.estadoNuevoId === null ? null : Number(f.estadoNuevoId),
    }));
  }

  /**
   * Whether a client of the company has a consent in force (as `eventosPendientes` asks it):
   * otherwise no history event of its orders has a message to queue.
   */
  async hayConsentimientos(entidadId: number): Promise<boolean> {
    const [f] = await this.leer<{ si: boolean }>(sql`
      select exists (select 1 from whatsapp_clientes w
                      where w.entidad_id = ${entidadId} and w.opt_in_fecha is not null
                        and (w.opt_out_fecha is null or w.opt_out_fecha < w.opt_in_fecha)) as si`);
    return f?.si === true;
  }

  /** Whether a message with this key is queued (or was sent) already. */
  async encolado(clave: string): Promise<boolean> {
    const [f] = await this.leer<{ si: boolean }>(
      sql`select exists (select 1 from whatsapp_salida where clave = ${clave}) as si`,
    );
    return f?.si === true;
  }

  /**
   * Locks the order's row until the commit, like every writer of an order: two instances sending
   * for the same order wait for each other (neither writes a second public link).
   */
  async bloquearOrden(entidadId: number, ordenId: number): Promise<boolean> {
    const filas = await this.leer<{ id: number }>(
      sql`select id from ordenes where id = ${ordenId} and entidad_id = ${entidadId} for update`,
    );
    return filas.length > 0;
  }

  /** An active user of the company, with their email. */
  async usuario(entidadId: number, usuarioId: number): Promise<{ email: string | null } | null> {
    const [f] = await this.leer<{ email: string | null }>(
      sql`select email from usuarios where id = ${usuarioId} and entidad_id = ${entidadId} and activo`,
    );
    return f ?? null;
  }

  /** The order and the user, both of the company; null when either is gone (or the user is inactive). */
  async ordenYUsuario(entidadId: number, ordenId: number, usuarioId: number): Promise<OrdenYUsuario | null> {
    const [f] = await this.leer<OrdenYUsuario>(sql`
      select o.numero, o.titulo, o.estado_id as "estadoId",
             trim(coalesce(u.nombre, '') || ' ' || coalesce(u.apellido, '')) as "usuarioNombre",
             u.email as "usuarioEmail"
        from ordenes o join usuarios u on u.id = ${usuarioId} and u.entidad_id = o.entidad_id and u.activo
       where o.id = ${ordenId} and o.entidad_id = ${entidadId} and o.eliminada is null`);
    return f ?? null;
  }
}
