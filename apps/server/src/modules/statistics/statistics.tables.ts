import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
