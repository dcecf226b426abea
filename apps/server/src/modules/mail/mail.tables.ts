import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { columnasDeSalida, indicePendientes, moment } from '../../lib/columns.js';
import { entidades } from '../entidades/entidades.tables.js';

/**
 * The outbox (docs/CORREO.md): a mail is written here in the same transaction as the action that
 * causes it, and the worker delivers it. A row is claimed by one instance at a time (`reclamadoHasta`,
 * taken with FOR UPDATE SKIP LOCKED), retried with backoff, and keeps one Message-ID for every try.
 * Once delivered (or given up), its body is wiped: the links it carried are single-use secrets.
 */
export const correoSalida = pgTable(
  'correo_salida',
  {
    id: serial().primaryKey(),
    /** The company whose name and logo the mail carries, if any. */
    entidadId: integer().references(() => entidades.id, { onDelete: 'cascade' }),
    /** What the mail is (confirmacion, recuperacion, invitacion): for the logs, never the content. */
    tipo: text().notNull(),
    para: text().notNull(),
    asunto: text().notNull(),
    html: text().notNull(),
    texto: text().notNull(),
    /** The company logo as a data URL, sent as an inline attachment (cid:logo). */
    logo: text(),
    /** `<uuid@host>`: the same on every try, so a receiver can tell a repeat. */
    messageId: text().notNull(),
    estado: text({ enum: ['pendiente', 'enviado', 'fallido'] })
      .notNull()
      .default('pendiente'),
    ...columnasDeSalida(),
    creado: moment().notNull(),
    enviado: moment(),
  },
  (t) => [
    uniqueIndex('correo_salida_message_id_uq').on(t.messageId),
    indicePendientes('correo_salida', t),
    // The caps of limites.ts: a company's mails of the last 24 h, and the notices to one address.
    index('correo_salida_entidad_creado_idx').on(t.entidadId, t.creado),
    index('correo_salida_para_creado_idx').on(sql`lower(${t.para})`, t.creado),
  ],
);
