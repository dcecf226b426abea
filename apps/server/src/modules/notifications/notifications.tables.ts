import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type ReferenceConfig,
} from 'drizzle-orm/pg-core';
import type { EventoUsuario } from '@delego/contract';
import { requiredRef, stamp } from '../../lib/columns.js';
import { entidadRef } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';

/** The first columns of a row kept per user: a bigserial id (they pile up), the company and the user. */
const filaDeUsuario = (alBorrarUsuario?: ReferenceConfig['actions']) => ({
  id: bigserial({ mode: 'number' }).primaryKey(),
  entidadId: entidadRef(),
  usuarioId: requiredRef(() => usuarios.id, alBorrarUsuario),
});

/**
 * A notification for one user, with its read flag (SPEC §3). It is stored whatever channels the
 * user chose for its kind (it is the record the mail and WhatsApp derive from); with the app turned
 * off it is `oculta`: never listed, counted, marked read nor announced on the socket.
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    ...filaDeUsuario(),
    /** ORDEN_ASIGNADA, ORDEN_ESTADO, ORDEN_COMENTARIO, ORDEN_VENCIDA, ... */
    tipo: text().notNull(),
    titulo: text().notNull(),
    mensaje: text().notNull(),
    ordenId: integer(),
    datos: jsonb().$type<Record<string, unknown>>(),
    leida: boolean().notNull().default(false),
    creada: stamp(),
    /** The user turned the app off for its kind (issue 35). */
    oculta: boolean().notNull().default(false),
    /** The user chose WhatsApp for its kind when it was created: the whatsapp module sends it. */
    whatsapp: boolean().notNull().default(false),
  },
  (t) => [
    index('notificaciones_usuario_idx').on(t.usuarioId, t.creada.desc()),
    // The whatsapp module's repair scan: the few chosen for WhatsApp, oldest first.
    index('notificaciones_whatsapp_idx')
      .on(t.creada, t.id)
      .where(sql`${t.whatsapp}`),
  ],
);

/**
 * Each user's channels per kind of event (issue 35; contract EVENTOS_USUARIO): one row per kind the
 * user ever chose for (no row: CANALES_POR_OMISION). The service-level warnings' mail choice of
 * `PUT /api/v4/sla/avisos` is the cell SLA_POR_VENCER.correo.
 */
export const canalesAviso = pgTable(
  'canales_aviso',
  {
    usuarioId: requiredRef(() => usuarios.id, { onDelete: 'cascade' }),
    entidadId: entidadRef(),
    evento: text().$type<EventoUsuario>().notNull(),
    app: boolean().notNull(),
    push: boolean().notNull(),
    correo: boolean().notNull(),
    whatsapp: boolean().notNull(),
    actualizado: stamp(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.evento] })],
);

/** A device registered for push (GET /api/v2/notificaciones/registrar/{flag}/{deviceToken}). */
export const dispositivos = pgTable(
  'dispositivos',
  {
    ...filaDeUsuario({ onDelete: 'cascade' }),
    /** The device token as sent (for the browser: the Web Push subscription, base64url JSON). */
    token: text().notNull(),
    creado: stamp(),
  },
  (t) => [uniqueIndex('dispositivos_token_uq').on(t.token), index('dispositivos_usuario_idx').on(t.usuarioId)],
);

/** Orders already announced as overdue, so each is announced once. */
export const avisosVencimiento = pgTable('avisos_vencimiento', {
  ordenId: integer().primaryKey(),
  avisada: stamp(),
});

/**
 * Which users have an open live socket on which server instance, refreshed while connected.
 * A notification goes out as a push only when no instance has seen the user recently.
 */
export const presenciaLive = pgTable(
  'presencia_live',
  {
    usuarioId: integer().notNull(),
    instancia: text().notNull(),
    visto: stamp(),
  },
  (t) => [uniqueIndex('presencia_live_uq').on(t.usuarioId, t.instancia)],
);
