import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { stamp } from '../../lib/columns.js';
import { filaDeEntidad } from '../entidades/entidades.tables.js';

export const clientes = pgTable(
  'clientes',
  {
    ...filaDeEntidad(),
    nombre: text().notNull(),
    cuit: text(),
    contacto: text(),
    email: text(),
    telefono: text(),
    direccion: text(),
    notas: text(),
    activo: boolean().notNull().default(true),
    creado: stamp(),
  },
  (t) => [index('clientes_entidad_idx').on(t.entidadId)],
);
