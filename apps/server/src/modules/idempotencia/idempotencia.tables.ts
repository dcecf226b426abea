import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { moment, requiredRef } from '../../lib/columns.js';
import { entidades } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * The idempotency keys of the calls the field app's outbox replays (docs/APP-DE-CAMPO.md): one row
 * per company, user and key, with the request's fingerprint, `en_proceso` while it runs and then
 * `completada` with the answer it gave (status and JSON body), until `vence`.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    entidadId: requiredRef(() => entidades.id),
    usuarioId: requiredRef(() => usuarios.id),
    clave: uuid().notNull(),
    huella: text().notNull(),
    estado: text().notNull(),
    status: integer(),
    respuesta: text(),
    creada: moment().notNull(),
    vence: moment().notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotencia_pk', columns: [t.entidadId, t.usuarioId, t.clave] }),
    index('idempotencia_vence_idx').on(t.vence),
    check('idempotencia_estado_ck', sql`${t.estado} in ('en_proceso', 'completada')`),
  ],
);
