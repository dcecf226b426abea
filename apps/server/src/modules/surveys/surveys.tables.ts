import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { extensionDe, moment, requiredRef } from '../../lib/columns.js';
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
    enviadaPor: requiredRef(() => usuarios.id),
    enviadaEn: moment().notNull(),
    venceEn: moment().notNull(),
    /** Sent by itself when the order was finished (the company setting), not by a person. */
    automatica: boolean().notNull().default(false),
    puntaje: smallint(),
    comentario: text(),
    respondidaEn: moment(),
    cerradaEn: moment(),
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
  entidadId: extensionDe(() => entidades.id),
  envioAutomatico: boolean().notNull().default(false),
});
