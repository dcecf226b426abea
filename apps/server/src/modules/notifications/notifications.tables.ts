import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type ReferenceConfig,
} from 'drizzle-orm/pg-core';
import { requiredRef, stamp } from '../../lib/columns.js';
import { entidadRef } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';

/** The first columns of a row kept per user: a bigserial id (they pile up), the company and the user. */
const filaDeUsuario = (alBorrarUsuario?: ReferenceConfig['actions']) => ({
  id: bigserial({ mode: 'number' }).primaryKey(),
  entidadId: entidadRef(),
  usuarioId: requiredRef(() => usuarios.id, alBorrarUsuario),
});

/** A notification for one user, with its read flag (SPEC §3). */
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
  },
  (t) => [index('notificaciones_usuario_idx').on(t.usuarioId, t.creada.desc())],
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
