import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { columnasDeEnlace, indicesDeEnlace, moment, requiredRef } from '../../lib/columns.js';
import { clientes } from '../clients/clients.tables.js';
import { entidadRef, filaDeEntidad } from '../entidades/entidades.tables.js';
import { equipos, ubicaciones } from '../equipment/equipment.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenes } from '../orders/orders.tables.js';

/**
 * A client's request link (docs/SOLICITUDES.md): at most one active (`revocado` null) per client.
 * The token is looked up by its SHA-256 (`hash`) and kept encrypted (`cifrado`, the installation's
 * `enlaces` key) only so the company can copy the same link again. A rotated or switched-off link
 * keeps its row: its token then answers 410, an unknown one 404.
 */
export const solicitudEnlaces = pgTable(
  'solicitud_enlaces',
  {
    id: serial().primaryKey(),
    entidadId: entidadRef(),
    clienteId: requiredRef(() => clientes.id),
    ...columnasDeEnlace(() => usuarios.id),
  },
  (t) => indicesDeEnlace('solicitud_enlaces', t, t.clienteId),
);

/**
 * A request from outside the company. `clave` is the sending device's id of the send (unique per
 * company: the same send twice is one request). From a QR it names the site or the equipo (set to
 * null if that is deleted). The tracking link's token is looked up by `seguimiento_hash` and kept
 * encrypted to answer a repeated send with the same link; once accepted, `resumen_cifrado` keeps
 * the order's public summary URL, encrypted the same way.
 */
export const solicitudes = pgTable(
  'solicitudes',
  {
    ...filaDeEntidad(),
    clienteId: requiredRef(() => clientes.id),
    enlaceId: requiredRef(() => solicitudEnlaces.id),
    clave: text().notNull(),
    ubicacionId: integer().references(() => ubicaciones.id, { onDelete: 'set null' }),
    equipoId: integer().references(() => equipos.id, { onDelete: 'set null' }),
    que: text().notNull(),
    donde: text(),
    nombre: text().notNull(),
    email: text(),
    telefono: text(),
    estado: text({ enum: ['pendiente', 'aceptada', 'rechazada'] })
      .notNull()
      .default('pendiente'),
    motivo: text(),
    creada: moment().notNull(),
    resuelta: moment(),
    resueltaPor: integer().references(() => usuarios.id),
    ordenId: integer().references(() => ordenes.id),
    seguimientoHash: text().notNull(),
    seguimientoCifrado: text(),
    resumenCifrado: text(),
  },
  (t) => [
    uniqueIndex('solicitudes_clave_uq').on(t.entidadId, t.clave),
    uniqueIndex('solicitudes_seguimiento_uq').on(t.seguimientoHash),
    index('solicitudes_bandeja_idx').on(t.entidadId, t.estado, t.creada),
    index('solicitudes_cliente_idx').on(t.entidadId, t.clienteId),
  ],
);

/** A request's photos: checked and re-encoded bytes in the files' storage, under `clave`. */
export const solicitudFotos = pgTable(
  'solicitud_fotos',
  {
    ...filaDeEntidad(),
    solicitudId: requiredRef(() => solicitudes.id, { onDelete: 'cascade' }),
    nombre: text().notNull(),
    mime: text().notNull(),
    tamano: integer().notNull(),
    clave: text().notNull(),
  },
  (t) => [index('solicitud_fotos_solicitud_idx').on(t.entidadId, t.solicitudId, t.id)],
);
