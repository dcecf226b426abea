import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { entidades } from '../entidades/entidades.tables.js';

export const areas = pgTable(
  'areas',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    nombre: text().notNull(),
    /** Archived instead of deleted when orders use it. */
    archivada: boolean().notNull().default(false),
  },
  (t) => [index('areas_entidad_idx').on(t.entidadId)],
);

export const tiposOrden = pgTable(
  'tipos_orden',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    nombre: text().notNull(),
    archivado: boolean().notNull().default(false),
  },
  (t) => [index('tipos_orden_entidad_idx').on(t.entidadId)],
);

export const prioridades = pgTable(
  'prioridades',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    nombre: text().notNull(),
    /** Higher is more urgent; lists sort by it. */
    nivel: integer().notNull(),
    color: text().notNull(),
  },
  (t) => [index('prioridades_entidad_idx').on(t.entidadId)],
);

/** The company's E5S area catalogue (key + name), imported from a CSV file; orders pick from it. */
export const e5sAreas = pgTable(
  'e5s_areas',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    clave: text().notNull(),
    nombre: text().notNull(),
  },
  (t) => [index('e5s_areas_entidad_idx').on(t.entidadId, t.clave)],
);
