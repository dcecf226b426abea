import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { entidades } from '../entidades/entidades.tables.js';
import { ordenArchivos } from '../files/files.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { usuarios } from '../users/users.tables.js';

/** Hours worked on an order: whose (usuario), who logged them (autor), which day, how long. */
export const registroHoras = pgTable(
  'registro_horas',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    ordenId: integer()
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    autorId: integer()
      .notNull()
      .references(() => usuarios.id),
    /** The moment the client sent (ms precision). */
    fecha: timestamp({ withTimezone: true }).notNull(),
    /** Its calendar day in Argentina: the unit of the 24 h rule and of the reports. */
    dia: date({ mode: 'string' }).notNull(),
    /** Hours and minutes, as minutes (1..1440). */
    minutos: integer().notNull(),
    descripcion: text().notNull().default(''),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actualizado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registro_horas_orden_idx').on(t.entidadId, t.ordenId),
    index('registro_horas_usuario_dia_idx').on(t.entidadId, t.usuarioId, t.dia),
    index('registro_horas_dia_idx').on(t.entidadId, t.dia),
    check('registro_horas_minutos_ck', sql`${t.minutos} between 1 and 1440`),
  ],
);

/** Expenses of an order, in cents of their currency. */
export const registroGastos = pgTable(
  'registro_gastos',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    ordenId: integer()
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    autorId: integer()
      .notNull()
      .references(() => usuarios.id),
    fecha: timestamp({ withTimezone: true }).notNull(),
    concepto: text().notNull(),
    centavos: bigint({ mode: 'number' }).notNull(),
    /** ISO 4217 code. */
    moneda: text().notNull().default('ARS'),
    /** A file of the same order that is the receipt; removing the file leaves the expense without it. */
    comprobanteArchivoId: integer().references(() => ordenArchivos.id, { onDelete: 'set null' }),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actualizado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registro_gastos_orden_idx').on(t.entidadId, t.ordenId),
    check('registro_gastos_centavos_ck', sql`${t.centavos} > 0`),
  ],
);
