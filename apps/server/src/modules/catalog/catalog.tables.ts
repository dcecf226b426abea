import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { filaDeEntidad } from '../entidades/entidades.tables.js';

/**
 * The two catalogues administered alike (order types and areas): a name, archived instead of
 * deleted when orders use it. Only the spelling of the archived column differs.
 */
const etiquetas = <T extends string>(tabla: T, columnaArchivado: 'archivada' | 'archivado') =>
  pgTable(
    tabla,
    { ...filaDeEntidad(), nombre: text().notNull(), archivado: boolean(columnaArchivado).notNull().default(false) },
    (t) => [index(`${tabla}_entidad_idx`).on(t.entidadId)],
  );

export const areas = etiquetas('areas', 'archivada');

export const tiposOrden = etiquetas('tipos_orden', 'archivado');

/** Order priorities of a company: a higher `nivel` is more urgent, and lists sort by it. */
export const prioridades = pgTable(
  'prioridades',
  { ...filaDeEntidad(), nombre: text().notNull(), nivel: integer().notNull(), color: text().notNull() },
  (t) => [index('prioridades_entidad_idx').on(t.entidadId)],
);

/** The company's E5S area catalogue (key + name), imported from a CSV file; orders pick from it. */
export const e5sAreas = pgTable(
  'e5s_areas',
  { ...filaDeEntidad(), clave: text().notNull(), nombre: text().notNull() },
  (t) => [index('e5s_areas_entidad_idx').on(t.entidadId, t.clave)],
);
