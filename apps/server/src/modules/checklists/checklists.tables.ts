import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ItemDefinido } from '@delego/contract';
import { extensionDe, moment, requiredRef, stamp } from '../../lib/columns.js';
import { tiposOrden } from '../catalog/catalog.tables.js';
import { entidadRef, filaDeEntidad } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { filaDeOrden, ordenes } from '../orders/orders.tables.js';

/**
 * Each saved version of an order type's checklist (docs/CHECKLISTS.md): never changed once
 * written. The current one is the highest `version` of the type; an order's checklist copies the
 * items of one version, so editing the template never touches existing orders.
 */
export const checklistPlantillas = pgTable(
  'checklist_plantillas',
  {
    ...filaDeEntidad(),
    tipoOrdenId: requiredRef(() => tiposOrden.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    items: jsonb().$type<ItemDefinido[]>().notNull(),
    usuarioId: requiredRef(() => usuarios.id),
    creada: stamp(),
  },
  (t) => [uniqueIndex('checklist_plantillas_tipo_version_uq').on(t.tipoOrdenId, t.version)],
);

/**
 * An order's checklist as a whole (one row per order that has one): the type and template
 * version it was copied from, where it came from when it is a follow-up, and its progress
 * (`hechos` of `total`, kept with every write; the order list reads it).
 */
export const checklistOrdenes = pgTable(
  'checklist_ordenes',
  {
    ordenId: extensionDe(() => ordenes.id),
    entidadId: entidadRef(),
    /** The order's type when the checklist was copied (null: the order had none). */
    tipoOrdenId: integer().references(() => tiposOrden.id, { onDelete: 'set null' }),
    /** The template version copied (null: the type had none). */
    plantillaId: integer().references(() => checklistPlantillas.id, { onDelete: 'set null' }),
    version: integer(),
    /** A follow-up order: the order and the failed item it came from. */
    origenOrdenId: integer().references(() => ordenes.id, { onDelete: 'set null' }),
    origenItemId: integer(),
    hechos: integer().notNull().default(0),
    total: integer().notNull().default(0),
  },
  (t) => [
    index('checklist_ordenes_entidad_idx').on(t.entidadId),
    index('checklist_ordenes_origen_idx').on(t.origenOrdenId),
  ],
);

/**
 * The items of an order's checklist, in order: copied from a template version or added to the
 * order (`ad_hoc`). Each is written on its own (an answer is an update of one row: two people
 * answering the same checklist never overwrite each other's items; the later answer to the same
 * item wins, and both are in the order's history).
 */
export const checklistItems = pgTable(
  'checklist_items',
  {
    ...filaDeOrden(),
    posicion: integer().notNull(),
    seccion: text(),
    etiqueta: text().notNull(),
    /** One of TIPOS_ITEM_CHECKLIST. */
    tipo: text().notNull(),
    requerido: boolean().notNull().default(false),
    publico: boolean().notNull().default(false),
    unidad: text(),
    min: doublePrecision(),
    max: doublePrecision(),
    adHoc: boolean().notNull().default(false),
    /** The answer (contract `RespuestaItem` without `por` and `en`); null until answered. */
    respuesta: jsonb().$type<Record<string, unknown>>(),
    hecho: boolean().notNull().default(false),
    fallido: boolean().notNull().default(false),
    respondidoPor: integer().references(() => usuarios.id),
    respondidoEn: moment(),
    /** Storage key of a signature item's image. */
    firmaClave: text(),
    firmaMime: text(),
    /** The follow-up order created from this item. */
    seguimientoOrdenId: integer().references(() => ordenes.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('checklist_items_orden_idx').on(t.ordenId, t.posicion),
    check('checklist_items_tipo_ck', sql`${t.tipo} in ('tick', 'pasa_falla', 'numero', 'texto', 'foto', 'firma')`),
  ],
);
