import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entidades } from '../entidades/entidades.tables.js';
import { usuarios } from '../users/users.tables.js';
import { clientes } from '../clients/clients.tables.js';
import { areas, prioridades, tiposOrden } from '../catalog/catalog.tables.js';

export const ordenes = pgTable(
  'ordenes',
  {
    id: serial().primaryKey(),
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
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
    fechaInicio: timestamp({ withTimezone: true }),
    fechaFin: timestamp({ withTimezone: true }),
    /** Who created the order. */
    registroResponsableId: integer()
      .notNull()
      .references(() => usuarios.id),
    e5sAreaKey: text(),
    e5sAreaName: text(),
    creada: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actualizada: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finalizada: timestamp({ withTimezone: true }),
    eliminada: timestamp({ withTimezone: true }),
    /**
     * Title and detail in lower case, for the list's substring search (LIKE over this column,
     * served by the trigram index of migration 0004): half the cost of ILIKE over the two columns.
     */
    busqueda: text().generatedAlwaysAs(sql`lower(titulo || ' ' || detalle)`),
  },
  (t) => [
    uniqueIndex('ordenes_entidad_numero_uq').on(t.entidadId, t.numero),
    index('ordenes_entidad_creada_idx')
      .on(t.entidadId, t.creada.desc(), t.id.desc())
      .where(sql`${t.eliminada} is null`),
    index('ordenes_entidad_estado_idx').on(t.entidadId, t.estadoId),
    index('ordenes_entidad_cliente_idx').on(t.entidadId, t.clienteId),
    index('ordenes_entidad_fin_idx').on(t.entidadId, t.fechaFin),
  ],
);

export const ordenResponsables = pgTable(
  'orden_responsables',
  {
    ordenId: integer()
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
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
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    ordenId: integer()
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
    estadoAnteriorId: smallint(),
    estadoNuevoId: smallint(),
    comentario: text(),
    datos: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('orden_eventos_orden_idx').on(t.ordenId, t.fecha)],
);
