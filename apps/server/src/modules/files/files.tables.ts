import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { entidades } from '../entidades/entidades.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { usuarios } from '../users/users.tables.js';

/** Files attached to an order. The bytes live in the storage under `clave`; the name is only shown. */
export const ordenArchivos = pgTable(
  'orden_archivos',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    ordenId: integer()
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    /** The original name (NFC), as its owner chose it. */
    nombre: text().notNull(),
    /** The MIME type read from the bytes. */
    mime: text().notNull(),
    tamanio: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    esImagen: boolean().notNull().default(false),
    /** Storage key of the bytes. */
    clave: text().notNull(),
    /** Storage key of the JPEG thumbnail (images only). */
    claveMiniatura: text(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orden_archivos_orden_idx').on(t.entidadId, t.ordenId, t.id)],
);
