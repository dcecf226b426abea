import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReglaRecurrencia } from '@delego/contract';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { areas, prioridades, tiposOrden } from '../catalog/catalog.tables.js';
import { clientes } from '../clients/clients.tables.js';
import { equipos, ubicaciones } from '../equipment/equipment.tables.js';
import { entidadRef, filaDeEntidad } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenes } from '../orders/orders.tables.js';

/**
 * A scheduled maintenance plan (issue 32, docs/MANTENIMIENTO.md): an order template repeated by
 * a rule. `proxima` is the next due day not yet written as an occurrence and `generarDesde` the day
 * it must be written (proxima minus anticipacion), so a scheduler run reads only the plans due.
 * `ubicacionId` and `equipoId` name the client's site and equipo (the equipment module refuses to
 * delete one a plan names).
 */
export const mantenimientos = pgTable(
  'mantenimientos',
  {
    ...filaDeEntidad(),
    clienteId: requiredRef(() => clientes.id),
    ubicacionId: integer().references(() => ubicaciones.id),
    equipoId: integer().references(() => equipos.id),
    regla: jsonb().$type<ReglaRecurrencia>().notNull(),
    inicio: text().notNull(),
    fin: text(),
    anticipacion: integer().notNull().default(0),
    titulo: text().notNull(),
    detalle: text().notNull().default(''),
    tipoOrdenId: integer().references(() => tiposOrden.id),
    areaId: integer().references(() => areas.id),
    prioridadId: integer().references(() => prioridades.id),
    responsables: jsonb().$type<number[]>().notNull(),
    activo: boolean().notNull().default(true),
    creadoPor: requiredRef(() => usuarios.id),
    creado: stamp(),
    proxima: text(),
    generarDesde: text(),
  },
  (t) => [
    index('mantenimientos_entidad_idx').on(t.entidadId, t.clienteId),
    index('mantenimientos_pendientes_idx')
      .on(t.generarDesde)
      .where(sql`${t.activo} and ${t.generarDesde} is not null`),
  ],
);

/**
 * One due day of a plan. The unique (plan, day) key is what makes generation exactly once: the
 * row is written once whoever runs the scheduler, and the order is created in the transaction that
 * moves it from `pendiente` (or `esperando_cupo`) to `creada`.
 */
export const mantenimientoOcurrencias = pgTable(
  'mantenimiento_ocurrencias',
  {
    id: serial().primaryKey(),
    entidadId: entidadRef(),
    mantenimientoId: requiredRef(() => mantenimientos.id, { onDelete: 'cascade' }),
    fecha: text().notNull(),
    estado: text().notNull(),
    ordenId: integer().references(() => ordenes.id, { onDelete: 'set null' }),
    motivo: text(),
    creada: stamp(),
    actualizada: moment(),
  },
  (t) => [
    uniqueIndex('mantenimiento_ocurrencias_uq').on(t.mantenimientoId, t.fecha),
    index('mantenimiento_ocurrencias_abiertas_idx')
      .on(t.entidadId, t.estado)
      .where(sql`${t.estado} in ('pendiente', 'esperando_cupo')`),
    index('mantenimiento_ocurrencias_orden_idx').on(t.ordenId),
  ],
);

/** The warning that the next period's schedules exceed the plan: one per company and period. */
export const mantenimientoAvisos = pgTable(
  'mantenimiento_avisos',
  {
    entidadId: entidadRef(),
    /** The next period's start (ms), as the plan's renewal date says it. */
    periodo: text().notNull(),
    creado: stamp(),
  },
  (t) => [uniqueIndex('mantenimiento_avisos_uq').on(t.entidadId, t.periodo)],
);
