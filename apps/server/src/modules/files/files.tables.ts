import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredRef, stamp } from '../../lib/columns.js';
import { filaDeOrden } from '../orders/orders.tables.js';
import { usuarios } from '../identity/users.tables.js';

/** Files attached to an order. The bytes live in the storage under `clave`; the name is only shown. */
export const ordenArchivos = pgTable(
  'orden_archivos',
  {
    ...filaDeOrden(),
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
    usuarioId: requiredRef(() => usuarios.id),
    creado: stamp(),
  },
  (t) => [index('orden_archivos_orden_idx').on(t.entidadId, t.ordenId, t.id)],
);
