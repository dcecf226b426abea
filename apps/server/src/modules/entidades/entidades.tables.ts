import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef, stamp } from '../../lib/columns.js';

/** A company (entidad): the tenant every other row belongs to. */
export const entidades = pgTable('entidades', {
  id: serial().primaryKey(),
  nombre: text().notNull(),
  cuit: text(),
  /** Contact phone given at sign-up. */
  telefono: text(),
  /** The logo as a data URL (re-encoded on upload), or null for the initials avatar. */
  logo: text(),
  /** Last order number handed out; orders are numbered per company (#1042). */
  ultimoNumeroOrden: integer().notNull().default(0),
  creada: stamp(),
});

/** `entidad_id`: the company (tenant) a row belongs to; every query filters by it. */
export const entidadRef = () => requiredRef(() => entidades.id);

/** The first columns of most rows a company owns: a serial id and the company. */
export const filaDeEntidad = () => ({ id: serial().primaryKey(), entidadId: entidadRef() });
