import { date, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { filaDeEntidad } from '../entidades/entidades.tables.js';
import { usuarios } from '../users/users.tables.js';

/**
 * The `access` tokens of the delay export (docs/ESTADISTICAS.md): issued by an authenticated call
 * for one export (company, user, range, type), short-lived and spent on first use. Only the
 * SHA-256 of the token is kept; the row says what the token may download.
 */
export const estadisticaAcceso = pgTable(
  'estadistica_acceso',
  {
    ...filaDeEntidad(),
    usuarioId: requiredRef(() => usuarios.id),
    /** SHA-256 of the token, base64url. */
    tokenHash: text().notNull(),
    fechaDesde: moment().notNull(),
    fechaHasta: moment().notNull(),
    tipoId: integer(),
    expira: moment().notNull(),
    usado: moment(),
    creado: stamp(),
  },
  (t) => [
    uniqueIndex('estadistica_acceso_token_uq').on(t.tokenHash),
    index('estadistica_acceso_expira_idx').on(t.expira),
  ],
);

/**
 * The daily rollup of the statistics (migration 0011, docs/ESTADISTICAS.md «Resumen diario»): per
 * company, measure, day of Argentina and value (a state, type, area, client, responsable or bucket;
 * 0 = none), how many orders (`n`) and how many seconds (`suma`). Written only by the triggers of
 * migration 0011 on `ordenes` and `orden_responsables`, never by the application. The primary key
 * has INCLUDE (n, suma) in the migration (index-only reads), which Drizzle's builder cannot express.
 */
export const estadisticaResumen = pgTable(
  'estadistica_resumen',
  {
    entidadId: integer().notNull(),
    medida: smallint().notNull(),
    dia: date({ mode: 'string' }).notNull(),
    valor: integer().notNull(),
    n: integer().notNull(),
    suma: numeric().notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'estadistica_resumen_pk', columns: [t.entidadId, t.medida, t.dia, t.valor] })],
);
