import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, requiredRef } from '../../lib/columns.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * The tokens of mailed links (docs/CORREO.md): confirmation of a sign-up, password recovery and
 * invitation. Only the SHA-256 of a token is kept; the token itself travels once, in the mail.
 * A token is spent (`usado`) once, and no longer works after `vence`.
 */
export const cuentaTokens = pgTable(
  'cuenta_tokens',
  {
    id: serial().primaryKey(),
    usuarioId: requiredRef(() => usuarios.id, { onDelete: 'cascade' }),
    tipo: text({ enum: ['confirmacion', 'recuperacion', 'invitacion'] }).notNull(),
    /** SHA-256 of the token, base64url. */
    hash: text().notNull(),
    vence: moment().notNull(),
    usado: moment(),
    creado: moment().notNull(),
  },
  (t) => [uniqueIndex('cuenta_tokens_hash_uq').on(t.hash), index('cuenta_tokens_usuario_idx').on(t.usuarioId, t.tipo)],
);
