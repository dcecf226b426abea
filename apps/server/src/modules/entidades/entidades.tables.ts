import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A company (entidad): the tenant every other row belongs to. */
export const entidades = pgTable('entidades', {
  id: serial().primaryKey(),
  nombre: text().notNull(),
  cuit: text(),
  /** The logo as a data URL (re-encoded on upload), or null for the initials avatar. */
  logo: text(),
  /** Last order number handed out; orders are numbered per company (#1042). */
  ultimoNumeroOrden: integer().notNull().default(0),
  creada: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
