import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { correoSalida } from './mail.tables.js';
import type { Mensaje } from './transport.js';

export type TipoCorreo =
  'confirmacion' | 'recuperacion' | 'invitacion' | 'encuesta' | 'enlace_orden' | 'facturacion' | 'plan';

/** A mail as the outbox stores it. */
export type Correo = Omit<Mensaje, 'nombreArchivo'>;

/** A claimed row of the outbox: what the worker needs to deliver it. */
export interface CorreoReclamado extends Correo {
  id: number;
  tipo: string;
  intentos: number;
  creado: Date;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export class MailRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(v: Correo & { entidadId: number | null; tipo: TipoCorreo; ahora: Date }): Promise<number> {
    const { ahora, ...fila } = v;
    const [row] = await this.db
      .insert(correoSalida)
      .values({ ...fila, proximoIntento: ahora, creado: ahora })
      .returning({ id: correoSalida.id });
    if (!row) throw new Error('correo no encolado');
    return row.id;
  }

  /**
   * Takes up to `limit` pending mails that are due and not held by another worker, and holds them
   * until `hasta` (the lease). FOR UPDATE SKIP LOCKED: two instances claiming at once never take
   * the same row; a row whose lease ran out (its worker died) is taken again.
   */
  async claim(ahora: Date, hasta: Date, limit: number): Promise<CorreoReclamado[]> {
    const r = await this.db.execute<Record<string, unknown>>(sql`
      update correo_salida set reclamado_hasta = ${ts(hasta)}, intentos = intentos + 1
      where id in (
        select id from correo_salida
        where estado = 'pendiente' and proximo_intento <= ${ts(ahora)}
          and (reclamado_hasta is null or reclamado_hasta <= ${ts(ahora)})
        order by id
        limit ${limit}
        for update skip locked)
      returning id, tipo, para, asunto, html, texto, logo, message_id as "messageId", intentos, creado`);
    return (r.rows as unknown as (CorreoReclamado & { creado: Date | string })[])
      .map((x) => ({ ...x, creado: new Date(x.creado) }))
      .sort((a, b) => a.id - b.id);
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

  /** Delivered and given-up rows older than `antes` go. */
  async deleteOld(antes: Date): Promise<void> {
    await this.db
      .delete(correoSalida)
      .where(and(inArray(correoSalida.estado, ['enviado', 'fallido']), lt(correoSalida.creado, antes)));
  }
}
