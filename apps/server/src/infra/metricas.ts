import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { MENSAJES, RUTAS } from '@delego/contract';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Config } from '../config.js';
import type { EventBus } from '../kernel/bus.js';
import type { Database } from '../kernel/db/client.js';
import { Metricas } from '../kernel/metricas.js';
import { registrar } from '../kernel/rutas.js';

/** What /metrics reads of the modules when scraped (their ports, narrowed by the composition root). */
export interface FuentesDeMetricas {
  database: Pick<Database, 'kind' | 'pgClient'>;
  bus: EventBus;
  correo: { pendientes(): Promise<number>; rondas: { ok: number; error: number } };
  vivo: { conexiones(): number };
  notificaciones: { vencimientos: { ok: number; error: number } };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>` with METRICAS_TOKEN, compared in constant time (of equal-length digests). */
function autorizado(header: string | undefined, esperado: Buffer): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), esperado);
}

/**
 * /metrics (docs/DESPLIEGUE.md, "Métricas y salud"): always registered (the contract's table),
 * 404 unless METRICAS_TOKEN is set, 401 without its Bearer token. When on, each route gets its own
 * onResponse hook that adds the answer's time and status to that route's plain counters: the
 * route's pattern is known when the hook is made, so a request looks nothing up and allocates
 * nothing. Called once the modules are built and before any route is registered.
 */
export function registrarMetricas(
  app: FastifyInstance,
  config: Pick<Config, 'metricasToken'>,
  f: FuentesDeMetricas,
): void {
  const metricas = config.metricasToken ? new Metricas() : null;
  const esperado = config.metricasToken ? digest(config.metricasToken) : null;
  if (metricas) {
    app.addHook('onRoute', (r) => {
      const metodos = Array.isArray(r.method) ? r.method : [r.method];
      // Fastify's HEAD twin of a GET shares the GET's options (and so its hook).
      if (metodos.length === 1 && metodos[0] === 'HEAD') return;
      const m = metricas.ruta(metodos.join(','), r.url ?? r.path);
      const hook: onResponseHookHandler = (_req, reply, done) => {
        m.observar(reply.elapsedTime, reply.statusCode);
        done();
      };
      r.onResponse = r.onResponse ? [...(Array.isArray(r.onResponse) ? r.onResponse : [r.onResponse]), hook] : [hook];
    });
  }
  registrar(app, RUTAS.metricas, async (req, reply) => {
    const noEncontrado = { code: 'NO_ENCONTRADO', message: MENSAJES.noEncontrado, requestId: String(req.id) };
    if (!metricas || !esperado) return reply.code(404).send(noEncontrado);
    if (!autorizado(req.headers.authorization, esperado)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({
          code: 'NO_AUTENTICADO',
          message: 'Falta el token de las métricas o no es válido.',
          requestId: String(req.id),
        });
    }
    const { tipo, cuerpo } = await metricas.texto();
    return reply.header('Content-Type', tipo).header('Cache-Control', 'no-store').send(cuerpo);
  });
  if (!metricas) return;
  f.bus.onDemora?.((ms) => metricas.demoraDelBus(ms));
  if (f.database.kind === 'postgres') {
    const pool = f.database.pgClient as pg.Pool;
    metricas.leer(
      'delego_db_conexiones',
      'Conexiones del pool de PostgreSQL: total, libres, y consultas esperando una',
      'gauge',
      () => [
        { etiquetas: { estado: 'total' }, valor: pool.totalCount },
        { etiquetas: { estado: 'libres' }, valor: pool.idleCount },
        { etiquetas: { estado: 'esperando' }, valor: pool.waitingCount },
      ],
      ['estado'],
    );
  }
  // Without the database the gauge reads NaN (unknown) instead of failing the whole scrape: the
  // process still answers (readiness already says the database does not).
  metricas.leer('delego_correo_pendientes', 'Correos pendientes en la bandeja de salida', 'gauge', () =>
    f.correo.pendientes().then(
      (valor) => [{ valor }],
      (err: unknown) => {
        app.log.warn({ err }, 'metricas.sinBandeja');
        return [{ valor: Number.NaN }];
      },
    ),
  );
  metricas.leer('delego_vivo_conexiones', 'Sesiones STOMP abiertas en esta instancia', 'gauge', () => [
    { valor: f.vivo.conexiones() },
  ]);
  metricas.leer(
    'delego_trabajos_total',
    'Corridas terminadas de los trabajos periódicos, por trabajo y resultado',
    'counter',
    () => [
      { etiquetas: { trabajo: 'correo', resultado: 'ok' }, valor: f.correo.rondas.ok },
      { etiquetas: { trabajo: 'correo', resultado: 'error' }, valor: f.correo.rondas.error },
      { etiquetas: { trabajo: 'vencimientos', resultado: 'ok' }, valor: f.notificaciones.vencimientos.ok },
      { etiquetas: { trabajo: 'vencimientos', resultado: 'error' }, valor: f.notificaciones.vencimientos.error },
    ],
    ['trabajo', 'resultado'],
  );
}
