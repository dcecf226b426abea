import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { extensionDe, moment } from '../../lib/columns.js';
import { entidadRef } from '../entidades/entidades.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { tiposOrden } from '../catalog/catalog.tables.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * The client's conformity with an order (issue 31, docs/CONFORMIDAD.md): one row per order that has
 * any. `estado` is the latest of the signature on site and the answer from the public summary
 * (`pendiente`, `conforme`, `no_conforme`). The signature image lives in the files' storage under
 * `firma_clave`; the answer's reason is plain text.
 */
export const ordenConformidad = pgTable(
  'orden_conformidad',
  {
    ordenId: extensionDe(() => ordenes.id),
    entidadId: entidadRef(),
    estado: text().notNull(),
    /** When `estado` last changed. */
    fecha: moment().notNull(),
    firmaClave: text(),
    firmaTipo: text(),
    firmaNombre: text(),
    firmaDni: text(),
    /** When it was signed (as the phone said) and when it arrived. */
    firmaFecha: moment(),
    firmaRegistrada: moment(),
    firmaUsuarioId: integer().references(() => usuarios.id),
    firmaLat: doublePrecision(),
    firmaLng: doublePrecision(),
    firmaPrecision: doublePrecision(),
    remotaConforme: boolean(),
    remotaMotivo: text(),
    remotaFecha: moment(),
  },
  (t) => [index('orden_conformidad_entidad_idx').on(t.entidadId, t.estado)],
);

/** When an order type requires the client's conformity (`antes_de_finalizar`, `antes_de_facturar`); absent is `no`. */
export const tipoOrdenConformidad = pgTable('tipo_orden_conformidad', {
  tipoOrdenId: extensionDe(() => tiposOrden.id),
  entidadId: entidadRef(),
  conformidad: text().notNull(),
});
