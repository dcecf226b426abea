import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { entidades } from '../entidades/entidades.tables.js';
import { filaDeOrden } from '../orders/orders.tables.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * One survey sent for an order (docs/ENCUESTAS.md). Only the SHA-256 of the link's token is kept.
 * `puntaje` (1..5), `respondida_en` (first answer) and `cerrada_en` (the answer became final) are
 * null until the client answers. The statistics read `puntaje`, `respondida_en`, `orden_id` and
 * `entidad_id`: keep those names.
 */
export const encuesta = pgTable(
  'encuesta',
  {
    ...filaDeOrden(),
    email: text().notNull(),
    /** SHA-256 of the link's token, base64url. */
    tokenHash: text().notNull(),
    enviadaPor: integer()
      .notNull()
      .references(() => usuarios.id),
    enviadaEn: timestamp({ withTimezone: true }).notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    /** Sent by itself when the order was finished (the company setting), not by a person. */
    automatica: boolean().notNull().default(false),
    puntaje: smallint(),
    comentario: text(),
    respondidaEn: timestamp({ withTimezone: true }),
    cerradaEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('encuesta_token_hash_uq').on(t.tokenHash),
    index('encuesta_entidad_enviada_idx').on(t.entidadId, t.enviadaEn),
    index('encuesta_orden_idx').on(t.ordenId),
    check('encuesta_puntaje_ck', sql`${t.puntaje} between 1 and 5`),
  ],
);

/** The survey settings of a company; a company without a row has the defaults (no automatic send). */
export const encuestaConfig = pgTable('encuesta_config', {
  entidadId: integer()
    .primaryKey()
    .references(() => entidades.id, { onDelete: 'cascade' }),
  envioAutomatico: boolean().notNull().default(false),
});
