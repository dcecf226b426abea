import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { extensionDe, moment, requiredRef } from '../../lib/columns.js';
import { entidades } from '../entidades/entidades.tables.js';

/** A plan a company can subscribe to; a null quota means unlimited orders a month. */
export const planes = pgTable('planes', {
  id: serial().primaryKey(),
  nombre: text().notNull().unique(),
  quota: integer(),
  precioMensual: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
  activo: boolean().notNull().default(true),
  /** What the plan includes, one line each (the comparison of the planes screen). */
  incluye: jsonb().$type<string[]>().notNull().default([]),
});

/** The company's current subscription: one row per company. */
export const suscripciones = pgTable('suscripciones', {
  entidadId: extensionDe(() => entidades.id),
  planId: requiredRef(() => planes.id),
  /** Copied from the plan at subscription time; null = unlimited. */
  quota: integer(),
  /** Orders still available this period; null = unlimited. */
  quotaDisponible: integer(),
  periodoInicio: moment().notNull(),
  fechaProximoVencimiento: moment().notNull(),
  /** The payment provider of the paid plan ('mercadopago' or 'prueba'); null on the free plan. */
  proveedor: text(),
  /** The provider's subscription (MercadoPago preapproval id) that charges the plan each month. */
  proveedorSuscripcionId: text(),
  /** Display data of the card: «Visa •••• 3704». */
  tarjeta: text(),
  /** A payment failed: the plan works until then, then drops to the free plan (docs/PLANES.md). */
  graciaHasta: moment(),
  /** A downgrade that applies at the next renewal. */
  planPendienteId: integer().references(() => planes.id),
});

/** Every payment of a plan: the first charge of a change, and each monthly renewal charge. */
export const pagos = pgTable(
  'pagos',
  {
    id: serial().primaryKey(),
    entidadId: requiredRef(() => entidades.id, { onDelete: 'cascade' }),
    planId: requiredRef(() => planes.id),
    monto: numeric({ precision: 12, scale: 2 }).notNull(),
    moneda: text().notNull().default('ARS'),
    /** aprobado, pendiente, rechazado, reembolsado, contracargo. */
    estado: text().notNull(),
    /** `cambio`: the charge of a plan change; `renovacion`: a monthly charge of the subscription. */
    proposito: text().notNull(),
    proveedor: text().notNull(),
    /** The provider's payment id; null until the provider names it. */
    referencia: text(),
    /** The provider's subscription this payment belongs to. */
    suscripcionRef: text(),
    /** The provider's status detail (cc_rejected_insufficient_amount...). */
    detalle: text(),
    tarjeta: text(),
    /** An approved payment already used for a period (a change or a renewal). */
    aplicado: boolean().notNull().default(false),
    creado: moment().notNull(),
    actualizado: moment().notNull(),
  },
  (t) => [
    check('pagos_estado_ck', sql`${t.estado} in ('aprobado', 'pendiente', 'rechazado', 'reembolsado', 'contracargo')`),
    check('pagos_proposito_ck', sql`${t.proposito} in ('cambio', 'renovacion')`),
    index('pagos_entidad_creado_idx').on(t.entidadId, t.creado),
    uniqueIndex('pagos_referencia_uq').on(t.proveedor, t.referencia),
    index('pagos_suscripcion_ref_idx').on(t.suscripcionRef),
    uniqueIndex('pagos_cambio_en_curso_uq')
      .on(t.entidadId)
      .where(sql`${t.estado} = 'pendiente' AND ${t.proposito} = 'cambio'`),
  ],
);

/** Provider webhook events already processed: a replayed event changes nothing. */
export const pagosEventos = pgTable(
  'pagos_eventos',
  {
    proveedor: text().notNull(),
    eventoId: text().notNull(),
    recibido: moment().notNull(),
  },
  (t) => [primaryKey({ columns: [t.proveedor, t.eventoId], name: 'pagos_eventos_pk' })],
);
