import { pgTable, text } from 'drizzle-orm/pg-core';
import { stamp } from '../../lib/columns.js';

/**
 * The secrets of the installation, shared by every instance on the database (docs/DESPLIEGUE.md):
 * `vapid` (the Web Push key pair, JSON) and `enlaces` (the key of the share links, base64url).
 * Not a company's data, so no `entidad_id`: nothing of a request ever reads this table.
 */
export const secretosInstancia = pgTable('secretos_instancia', {
  nombre: text().primaryKey(),
  valor: text().notNull(),
  creado: stamp(),
});
