import type { FastifyInstance } from 'fastify';
import type { AppParts } from '../app-parts.js';
import type { EventBus } from '../kernel/bus.js';
import type { Clock } from '../kernel/clock.js';
import type { Nucleo } from '../kernel/modulo.js';
import { ContadorPostgres } from '../lib/limites-pg.js';
import { ContadorEnMemoria, type ContadorLimites } from '../lib/rate-limit.js';

/**
 * What every module is built on (kernel/modulo.ts): the configuration, the database, the clock,
 * the bus, the log and the limits' counters.
 */
export function crearNucleo(app: FastifyInstance, parts: AppParts, clock: Clock, bus: EventBus): Nucleo {
  const { config, database } = parts;
  return { config, db: database.db, database, clock, bus, log: app.log, limites: contadorDeLimites(app, parts, clock) };
}

/**
 * The limits' counters: shared in PostgreSQL's table when the database is PostgreSQL (several
 * instances may share it), in memory on PGlite (one instance).
 */
function contadorDeLimites(app: FastifyInstance, parts: AppParts, clock: Clock): ContadorLimites {
  if (parts.limites) return parts.limites;
  const now = () => clock.now().getTime();
  if (parts.database.kind !== 'postgres') return new ContadorEnMemoria(now);
  const contador = new ContadorPostgres(parts.database, now);
  contador.iniciar((err) => app.log.warn({ err }, 'limites.barridoFallido'));
  app.addHook('onClose', () => contador.detener());
  return contador;
}
