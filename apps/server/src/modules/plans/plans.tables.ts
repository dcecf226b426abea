import { boolean, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { moment, requiredRef } from '../../lib/columns.js';
import { entidades } from '../entidades/entidades.tables.js';

/** A plan a company can subscribe to; a null quota means unlimited orders a month. */
export const planes = pgTable('planes', {
  id: serial().primaryKey(),
  nombre: text().notNull().unique(),
  quota: integer(),
  precioMensual: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
  activo: boolean().notNull().default(true),
});

/** The company's current subscription: one row per company. */
export const suscripciones = pgTable('suscripciones', {
  entidadId: integer()
    .primaryKey()
    .references(() => entidades.id, { onDelete: 'cascade' }),
  planId: requiredRef(() => planes.id),
  /** Copied from the plan at subscription time; null = unlimited. */
  quota: integer(),
  /** Orders still available this period; null = unlimited. */
  quotaDisponible: integer(),
  periodoInicio: moment().notNull(),
  fechaProximoVencimiento: moment().notNull(),
});
