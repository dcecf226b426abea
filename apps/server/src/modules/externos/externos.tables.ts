import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { usuarios } from '../identity/users.tables.js';
import { filaDeOrden } from '../orders/orders.tables.js';

/**
 * A contractor link (docs/EXTERNOS.md): one order handed to an outsider. Their acts are written
 * under `usuario_id`, a hidden user (`usuarios.externo`) shared by the links of the same contact in
 * the company. The token is looked up by its SHA-256 (`hash`) and kept encrypted (`cifrado`, the
 * installation's `enlaces` key) only so the company can copy it again. At most one open link per
 * order (not revoked, not rejected). Revoked and expired links keep their row: they answer 410.
 */
export const ordenExternos = pgTable(
  'orden_externos',
  {
    ...filaDeOrden(),
    usuarioId: requiredRef(() => usuarios.id),
    nombre: text().notNull(),
    email: text(),
    whatsapp: text(),
    mensaje: text(),
    hash: text().notNull(),
    cifrado: text(),
    /** pendiente, aceptada or rechazada (RESPUESTAS_EXTERNO). */
    respuesta: text().notNull().default('pendiente'),
    motivo: text(),
    respondido: moment(),
    creado: stamp(),
    creadoPor: requiredRef(() => usuarios.id),
    revocado: moment(),
    revocadoPor: integer().references(() => usuarios.id),
    /** A renewal: the link works until then even if the order finished more than 30 days ago. */
    renovadoHasta: moment(),
    correoEnviado: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('orden_externos_hash_uq').on(t.hash),
    uniqueIndex('orden_externos_abierto_uq')
      .on(t.ordenId)
      .where(sql`${t.revocado} is null and ${t.respuesta} <> 'rechazada'`),
    index('orden_externos_orden_idx').on(t.entidadId, t.ordenId),
    index('orden_externos_contacto_idx').on(t.entidadId, t.usuarioId),
  ],
);
