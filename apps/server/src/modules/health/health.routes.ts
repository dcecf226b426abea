import type { FastifyPluginAsync } from 'fastify';
import { MENSAJES, RUTAS } from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.js';
import type { EstadoInstancia } from '../../kernel/estado-instancia.js';
import { REINTENTAR_EN_S } from '../../kernel/db-errors.js';
import { resumenError } from '../../lib/log-redaction.js';
import { registrar } from '../../kernel/rutas.js';

export interface HealthOptions {
  db: Db;
  /** Migrating or draining: not ready, without asking the database. Always ready without one. */
  estado?: EstadoInstancia | undefined;
  /** How long readiness waits for the database before it answers 503. */
  esperaMs?: number;
}

/** The database answers `select 1` within `esperaMs`: 'ok', 'error' or 'tiempo_agotado'. */
async function probarBase(db: Db, esperaMs: number): Promise<{ db: 'ok' | 'error' | 'tiempo_agotado'; err?: unknown }> {
  let temporizador: NodeJS.Timeout | undefined;
  const tarde = new Promise<{ db: 'tiempo_agotado' }>((resolve) => {
    temporizador = setTimeout(() => resolve({ db: 'tiempo_agotado' }), esperaMs);
  });
  const consulta = db.execute(sql`select 1`).then(
    () => ({ db: 'ok' as const }),
    (err: unknown) => ({ db: 'error' as const, err }),
  );
  try {
    return await Promise.race([consulta, tarde]);
  } finally {
    clearTimeout(temporizador);
  }
}

/**
 * Liveness (`/api/health`: the process answers; never touches the database, so a database outage
 * does not get the process restarted) and readiness (`/api/health/ready`: the database answers
 * within a bounded time and the instance is neither migrating nor draining; 503 with Retry-After
 * otherwise, so a balancer sends traffic elsewhere).
 */
export const healthRoutes =
  ({ db, estado, esperaMs = 2000 }: HealthOptions): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.health, async () => ({ ok: true }));
    registrar(app, RUTAS.healthReady, async (req, reply) => {
      const fase = estado?.fase ?? 'lista';
      if (fase !== 'lista') {
        return reply
          .code(503)
          .header('Retry-After', String(REINTENTAR_EN_S))
          .send({
            status: 'error' as const,
            estado: fase,
            code: 'SERVICIO_NO_DISPONIBLE',
            message: fase === 'migrando' ? MENSAJES.instanciaIniciando : MENSAJES.instanciaReiniciando,
            requestId: String(req.id),
          });
      }
      const r = await probarBase(db, esperaMs);
      if (r.db === 'ok') return { status: 'ok' as const, db: 'ok' as const };
      req.log.warn(
        { db: r.db, ...(r.err === undefined ? {} : { err: resumenError(r.err) }) },
        'salud.baseNoDisponible',
      );
      return reply
        .code(503)
        .header('Retry-After', String(REINTENTAR_EN_S))
        .send({
          status: 'error' as const,
          db: r.db,
          code: 'SERVICIO_NO_DISPONIBLE',
          message: MENSAJES.servicioNoDisponible,
          requestId: String(req.id),
        });
    });
  };
