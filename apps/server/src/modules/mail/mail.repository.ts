import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { reclamarDeSalida } from '../../lib/bandeja-salida.js';
import { filaInsertada, ts } from '../../lib/queries.js';
import { correoSalida } from './mail.tables.js';
import type { Mensaje } from './transport.js';

export type TipoCorreo =
  | 'confirmacion'
  | 'recuperacion'
  | 'invitacion'
  | 'encuesta'
  | 'enlace_orden'
  | 'facturacion'
  | 'plan'
  /** The monthly service-level report of a client (issue 34), to the address the company set. */
  | 'informe_sla'
  /** A service-level warning (issue 34) to a user who chose to get them by mail. */
  | 'aviso_sla'
  /** Any other notification (issue 35: an order assigned, a state change) to a user who chose mail for its kind. */
  | 'aviso'
  /** To whoever owns an address named at a sign-up that could not create the account. */
  | 'aviso_registro'
  /** A WhatsApp message that failed for good (issue 35), by mail to its recipient instead. */
  | 'whatsapp_respaldo'
  /** To whoever sent a request from a public form (issue 33): received, accepted or rejected. */
  | 'solicitud'
  /** The link of an order handed to an outsider (issue 33, contractor links). */
  | 'externo'
  /** To the account holder: their email, password or login name changed (Mi cuenta). */
  | 'seguridad_cuenta';

/** What the outbox counted for a company in a window (the caps of limites.ts). */
export interface Recuento {
  total: number;
  /** When the oldest counted mail was queued (it leaves the window first). */
  primero: Date | null;
  alDestinatario: number;
  primeroAlDestinatario: Date | null;
}

/** A mail as the outbox stores it. */
export type Correo = Omit<Mensaje, 'nombreArchivo'>;

/** A claimed row of the outbox: what the worker needs to deliver it. */
export interface CorreoReclamado extends Correo {
  id: number;
  tipo: string;
  intentos: number;
  creado: Date;
}

export class MailRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(v: Correo & { entidadId: number | null; tipo: TipoCorreo; ahora: Date }): Promise<number> {
    const { ahora, ...fila } = v;
    const row = await filaInsertada(
      this.db
        .insert(correoSalida)
        .values({ ...fila, proximoIntento: ahora, creado: ahora })
        .returning({ id: correoSalida.id }),
      'correo no encolado',
    );
    return row.id;
  }

  /** Claims up to `limit` due mails until `hasta` (lib/bandeja-salida `reclamarDeSalida`). */
  async claim(ahora: Date, hasta: Date, limit: number): Promise<CorreoReclamado[]> {
    const r = await this.db.execute<
      Omit<CorreoReclamado, 'creado'> & { creado: Date | string } & Record<string, unknown>
    >(
      reclamarDeSalida(
        'correo_salida',
        ahora,
        hasta,
        limit,
        sql`id, tipo, para, asunto, html, texto, logo, message_id as "messageId", intentos, creado`,
      ),
    );
    return r.rows.map((x) => ({ ...x, creado: new Date(x.creado) })).sort((a, b) => a.id - b.id);
  }

  /** Delivered: the body (and the link it carried) is wiped; subject and address stay for a while. */
  async markSent(id: number, ahora: Date): Promise<void> {
    await this.db
      .update(correoSalida)
      .set({
        estado: 'enviado',
        enviado: ahora,
        html: '',
        texto: '',
        logo: null,
        reclamadoHasta: null,
        ultimoError: null,
      })
      .where(eq(correoSalida.id, id));
  }

  /** Failed this time: free the row and try again at `proximo`. */
  async markRetry(id: number, proximo: Date, error: string): Promise<void> {
    await this.db
      .update(correoSalida)
      .set({ proximoIntento: proximo, reclamadoHasta: null, ultimoError: error })
      .where(eq(correoSalida.id, id));
  }

  /** Given up (a permanent refusal, or too many tries): wiped like a delivered one. */
  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(correoSalida)
      .set({ estado: 'fallido', html: '', texto: '', logo: null, reclamadoHasta: null, ultimoError: error })
      .where(eq(correoSalida.id, id));
  }

  /**
   * Serialises, across instances and until the transaction ends, the capped mails of one company:
   * two requests at once cannot both pass a cap.
   */
  async lockEntidad(entidadId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`correo:entidad:${entidadId}`}))`);
  }

  /** The company a mail speaks for: its name (for the footer) and when it was created. */
  async entidad(entidadId: number): Promise<{ nombre: string; creada: Date } | undefined> {
    // A read of the entidades table (a JOIN-like read of another module's table, ARCHITECTURE.md).
    const r = await this.db.execute<{ nombre: string; creada: Date | string }>(
      sql`select nombre, creada from entidades where id = ${entidadId}`,
    );
    const row = r.rows[0];
    return row ? { nombre: row.nombre, creada: new Date(row.creada) } : undefined;
  }

  /** The company's mails of these kinds queued after `desde`: in all, and to `para` (any case). */
  async recuento(entidadId: number, tipos: readonly TipoCorreo[], para: string, desde: Date): Promise<Recuento> {
    const destinatario = para.trim().toLowerCase();
    const r = await this.db.execute<Record<string, unknown>>(sql`
      select count(*)::int as total, min(creado) as primero,
        (count(*) filter (where lower(para) = ${destinatario}))::int as al_destinatario,
        min(creado) filter (where lower(para) = ${destinatario}) as primero_al_destinatario
      from correo_salida
      where entidad_id = ${entidadId} and creado > ${ts(desde)}
        and tipo in (${sql.join(
          tipos.map((t) => sql`${t}`),
          sql`, `,
        )})`);
    const row = r.rows[0] ?? {};
    const fecha = (v: unknown) => (v == null ? null : new Date(v as string));
    return {
      total: Number(row.total ?? 0),
      primero: fecha(row.primero),
      alDestinatario: Number(row.al_destinatario ?? 0),
      primeroAlDestinatario: fecha(row.primero_al_destinatario),
    };
  }

  /** Mails of a kind to an address (any case) queued after `desde`, whatever company. */
  async countTo(para: string, tipo: TipoCorreo, desde: Date): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(correoSalida)
      .where(
        and(
          eq(sql`lower(${correoSalida.para})`, para.trim().toLowerCase()),
          eq(correoSalida.tipo, tipo),
          gt(correoSalida.creado, desde),
        ),
      );
    return rows[0]?.n ?? 0;
  }

  /**
   * Claimed rows this worker will not deliver (it is stopping): free again at once, their claim's
   * try not counted, instead of waiting for the lease to end.
   */
  async release(ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(correoSalida)
      .set({ reclamadoHasta: null, intentos: sql`${correoSalida.intentos} - 1` })
      .where(and(inArray(correoSalida.id, [...ids]), eq(correoSalida.estado, 'pendiente')));
  }

  /**
   * Pending mails of every company (the outbox's depth, for /metrics): a count with no company's
   * data, read by the process, not on anyone's behalf.
   */
  async countPending(): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(correoSalida)
      .where(eq(correoSalida.estado, 'pendiente'));
    return rows[0]?.n ?? 0;
  }

  /** Delivered and given-up rows older than `antes` go. */
  async deleteOld(antes: Date): Promise<void> {
    await this.db
      .delete(correoSalida)
      .where(and(inArray(correoSalida.estado, ['enviado', 'fallido']), lt(correoSalida.creado, antes)));
  }
}
