import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { columnasDeEnlace, extensionDe, indicesDeEnlace, moment } from '../../lib/columns.js';
import { entidadRef } from '../entidades/entidades.tables.js';
import { ordenRef, ordenes } from '../orders/orders.tables.js';
import { ordenArchivos } from '../files/files.tables.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * The public link of an order (docs/CLIENTE.md): at most one active (`revocado` null) per order.
 * The token is looked up by its SHA-256 (`hash`); `cifrado` keeps it encrypted (AES-256-GCM, key
 * in DATA_DIR/enlaces.key) only so that the company can copy the same link again later.
 */
export const ordenEnlaces = pgTable(
  'orden_enlaces',
  {
    id: serial().primaryKey(),
    entidadId: entidadRef(),
    ordenId: ordenRef(),
    ...columnasDeEnlace(() => usuarios.id),
  },
  (t) => indicesDeEnlace('orden_enlaces', t, t.ordenId),
);

/** The files of an order that its public page shows (every other file stays private). */
export const ordenArchivosCompartidos = pgTable(
  'orden_archivos_compartidos',
  {
    archivoId: extensionDe(() => ordenArchivos.id),
    entidadId: entidadRef(),
    ordenId: ordenRef(),
  },
  (t) => [index('orden_archivos_compartidos_orden_idx').on(t.ordenId)],
);

/**
 * The billing data of an order (SPEC §3 datosFacturacion) and its delegation to the client: the
 * form mailed to `delegadaEmail` is found by the SHA-256 of its token (`formularioHash`), works until
 * `formularioVence`, and once (`respondida`).
 */
export const ordenFacturacion = pgTable(
  'orden_facturacion',
  {
    ordenId: extensionDe(() => ordenes.id),
    entidadId: entidadRef(),
    razonSocial: text(),
    cuit: text(),
    condicionIva: text(),
    domicilioFiscal: text(),
    email: text(),
    actualizado: moment(),
    porCliente: boolean().notNull().default(false),
    delegadaEmail: text(),
    delegada: moment(),
    delegadaPor: integer().references(() => usuarios.id),
    formularioHash: text(),
    formularioVence: moment(),
    respondida: moment(),
  },
  (t) => [uniqueIndex('orden_facturacion_formulario_uq').on(t.formularioHash)],
);
