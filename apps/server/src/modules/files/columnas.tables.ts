import { bigint, boolean, text } from 'drizzle-orm/pg-core';
import { requiredRef, stamp } from '../../lib/columns.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * The columns of a stored file besides its id, company and owner (an order here; an equipo's
 * photos, issue 32): the bytes live in the storage under `clave`; the name is only shown.
 */
export const columnasDeArchivo = () => ({
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
});
