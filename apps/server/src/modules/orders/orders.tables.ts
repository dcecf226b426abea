import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { entidadRef, filaDeEntidad } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { clientes } from '../clients/clients.tables.js';
import { areas, prioridades, tiposOrden } from '../catalog/catalog.tables.js';
import { equipos, ubicaciones } from '../equipment/equipment.tables.js';

export const ordenes = pgTable(
  'ordenes',
  {
    ...filaDeEntidad(),
    /** Per-company number people can say aloud (#1042). */
    numero: integer().notNull(),
    titulo: text().notNull(),
    detalle: text().notNull().default(''),
    tipoOrdenId: integer().references(() => tiposOrden.id),
    areaId: integer().references(() => areas.id),
    prioridadId: integer().references(() => prioridades.id),
    /** One of the fixed states of the contract (ESTADOS). */
    estadoId: smallint().notNull(),
    clienteId: integer().references(() => clientes.id),
    fechaInicio: moment(),
    fechaFin: moment(),
    /** Who created the order. */
    registroResponsableId: requiredRef(() => usuarios.id),
    e5sAreaKey: text(),
    e5sAreaName: text(),
    /** The client's site and equipo the order is about (issue 32); both optional. */
    ubicacionId: integer().references(() => ubicaciones.id),
    equipoId: integer().references(() => equipos.id),
    creada: stamp(),
    actualizada: stamp(),
    finalizada: moment(),
    eliminada: moment(),
    /**
     * Title and detail without accents and in lower case (`f_unaccent`, migration 0014), for the
     * list's search: each word is a LIKE over this column, served by its trigram index
     * (docs/adr/0002-busqueda-con-trigramas.md).
     */
    busqueda: text().generatedAlwaysAs(sql`lower(f_unaccent(titulo || ' ' || detalle))`),
  },
  (t) => [
    uniqueIndex('ordenes_entidad_numero_uq').on(t.entidadId, t.numero),
    index('ordenes_entidad_creada_idx')
      .on(t.entidadId, t.creada.desc(), t.id.desc())
      .where(sql`${t.eliminada} is null`),
    index('ordenes_entidad_estado_idx').on(t.entidadId, t.estadoId),
    index('ordenes_entidad_cliente_idx').on(t.entidadId, t.clienteId),
    index('ordenes_entidad_fin_idx').on(t.entidadId, t.fechaFin),
    // The history of an equipo (newest first) and the list's filters by equipo and site.
    index('ordenes_equipo_creada_idx')
      .on(t.entidadId, t.equipoId, t.creada.desc(), t.id.desc())
      .where(sql`${t.equipoId} is not null and ${t.eliminada} is null`),
    index('ordenes_ubicacion_idx')
      .on(t.entidadId, t.ubicacionId)
      .where(sql`${t.ubicacionId} is not null`),
  ],
);

/** `orden_id` of a row that belongs to an order: it goes when the order goes. */
export const ordenRef = () => requiredRef(() => ordenes.id, { onDelete: 'cascade' });

/** The first columns of a row that belongs to an order: a serial id, the company and the order. */
export const filaDeOrden = () => ({ ...filaDeEntidad(), ordenId: ordenRef() });

export const ordenResponsables = pgTable(
  'orden_responsables',
  {
    ordenId: ordenRef(),
    usuarioId: requiredRef(() => usuarios.id),
  },
  (t) => [
    primaryKey({ columns: [t.ordenId, t.usuarioId] }),
    index('orden_responsables_usuario_idx').on(t.usuarioId, t.ordenId),
  ],
);

/** Append-only history of an order: every change, with who and when. */
export const ordenEventos = pgTable(
  'orden_eventos',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    entidadId: entidadRef(),
    ordenId: ordenRef(),
    tipo: text().notNull(),
    usuarioId: requiredRef(() => usuarios.id),
    fecha: stamp(),
    estadoAnteriorId: smallint(),
    estadoNuevoId: smallint(),
    comentario: text(),
    datos: jsonb().$type<Record<string, unknown>>(),
    /** When the change was made on the device, for a change the outbox replayed (`X-Hecho-En`). */
    hechoEn: moment(),
  },
  (t) => [index('orden_eventos_orden_idx').on(t.ordenId, t.fecha)],
);
