import { z } from 'zod';
import { zPermiso, zRol, zUsuarioLogueado } from '../auth.js';
import { zNotificacion, zRegistroDispositivo } from '../notifications.js';
import { zPlanEstado } from '../plans.js';
import { ruta, zOk, zParamId } from './definir.js';

/** Session, plan, server caches, notifications, health and the live socket. */
export const RUTAS_SISTEMA = {
  login: ruta({
    metodo: 'GET',
    path: '/api/v4/login',
    tags: ['auth'],
    summary: 'Inicia sesión con Authorization: <usuario>#<md5 de la contraseña>',
    response: { 200: zUsuarioLogueado },
  }),
  roles: ruta({
    metodo: 'GET',
    path: '/api/v2/roles',
    tags: ['auth'],
    summary: 'Roles asignables',
    response: { 200: z.array(zRol) },
  }),
  permisos: ruta({
    metodo: 'GET',
    path: '/api/v4/permisos',
    tags: ['auth'],
    summary: 'Catálogo de permisos globales y por cliente',
    response: { 200: z.array(zPermiso) },
  }),
  planEstado: ruta({
    metodo: 'GET',
    path: '/api/v2/plan/estado',
    tags: ['planes'],
    summary: 'Plan de la entidad y órdenes disponibles en el período',
    response: { 200: zPlanEstado },
  }),
  clientesCacheClean: ruta({
    metodo: 'GET',
    path: '/api/v2/clientes/cache/clean',
    tags: ['clientes'],
    summary: 'Vacía la caché de clientes de la entidad',
    response: { 200: zOk },
  }),
  usuariosCacheClean: ruta({
    metodo: 'GET',
    path: '/api/v2/usuarios/cache/clean',
    tags: ['usuarios'],
    summary: 'Vacía la caché de usuarios de la entidad',
    response: { 200: zOk },
  }),
  notificaciones: ruta({
    metodo: 'GET',
    path: '/api/v2/notificaciones/all',
    tags: ['notificaciones'],
    summary: 'Notificaciones del usuario, las más nuevas primero',
    response: { 200: z.array(zNotificacion) },
  }),
  notificacionLeida: ruta({
    metodo: 'PUT',
    path: '/api/v2/notificaciones/leida/:id',
    tags: ['notificaciones'],
    summary: 'Marca una notificación como leída',
    params: zParamId,
    response: { 200: zOk },
  }),
  registrarDispositivo: ruta({
    metodo: 'GET',
    path: '/api/v2/notificaciones/registrar/:flag/:deviceToken',
    tags: ['notificaciones'],
    summary:
      'Registra (true) o quita (false) un dispositivo para notificaciones push; una suscripción Web Push solo de servicios conocidos (HTTPS)',
    params: zRegistroDispositivo,
    response: { 200: z.object({ ok: z.boolean(), registrado: z.boolean() }) },
  }),
  vapid: ruta({
    metodo: 'GET',
    path: '/api/v2/notificaciones/vapid',
    tags: ['notificaciones'],
    summary: 'Clave pública VAPID para suscribir el navegador a Web Push (404 si Web Push no está habilitado)',
    response: { 200: z.object({ publicKey: z.string().min(1) }) },
  }),
  health: ruta({
    metodo: 'GET',
    path: '/api/health',
    tags: ['salud'],
    summary: 'Vivacidad: el proceso responde (sin autenticación, no consulta la base)',
    publica: true,
    response: { 200: zOk },
  }),
  /**
   * Readiness: 200 when the database answers, 503 with Retry-After when it does not, or while the
   * instance migrates or drains (`estado`; the database is not asked then).
   */
  healthReady: ruta({
    metodo: 'GET',
    path: '/api/health/ready',
    tags: ['salud'],
    summary:
      'Disponibilidad: la base de datos responde y la instancia no está migrando ni deteniéndose (sin autenticación)',
    publica: true,
    response: {
      200: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
      503: z.object({
        status: z.literal('error'),
        db: z.enum(['error', 'tiempo_agotado']).optional(),
        estado: z.enum(['migrando', 'drenando']).optional(),
        code: z.string(),
        message: z.string(),
        requestId: z.string(),
      }),
    },
  }),
  /**
   * Prometheus metrics (text format): 404 unless METRICAS_TOKEN is set, then 401 without
   * `Authorization: Bearer <token>`. Not part of the API a client uses, so left out of /docs.
   */
  metricas: ruta({
    metodo: 'GET',
    path: '/metrics',
    tags: ['salud'],
    summary: 'Métricas en formato Prometheus (con METRICAS_TOKEN)',
    forma: 'archivo',
    publica: true,
    oculta: true,
  }),
  /** The live channel: STOMP 1.2 over WebSocket (SPEC §7 Live socket); credentials go in CONNECT. */
  socket: ruta({
    metodo: 'GET',
    path: '/api/v2/delegoWS',
    tags: ['en vivo'],
    summary: 'Canal en vivo: STOMP 1.2 sobre WebSocket',
    forma: 'websocket',
    publica: true,
    oculta: true,
  }),
} as const;
