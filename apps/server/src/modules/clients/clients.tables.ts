import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { entidades } from '../entidades/entidades.tables.js';

export const clientes = pgTable(
  'clientes',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    nombre: text().notNull(),
    cuit: text(),
    contacto: text(),
    email: text(),
    telefono: text(),
    direccion: text(),
    notas: text(),
    activo: boolean().notNull().default(true),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clientes_entidad_idx').on(t.entidadId)],
);
