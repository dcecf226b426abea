import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { ContadorLimites } from '../lib/rate-limit.js';
import type { EventBus } from './bus.js';
import type { AutenticadorAlterno } from './auth-hook.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db/client.js';

/**
 * What the kernel gives every module: the database handle, the clock, the bus, the log, the
 * configuration and the limits' counters. A module's factory takes the part of it that it uses (`Pick<Nucleo, ...>`), and
 * other modules' ports narrowed the same way; it never receives a bag of every service.
 */
export interface Nucleo {
  config: Config;
  db: Db;
  /** The handle with its helpers (`consultar`, `transaction`, the engine's name). */
  database: Database;
  clock: Clock;
  bus: EventBus;
  log: FastifyBaseLogger;
  /**
   * Where the public limits and the login throttle count: memory on PGlite, PostgreSQL's table
   * when instances share a database (docs/DESPLIEGUE.md «Límites compartidos»).
   */
  limites: ContadorLimites;
}

/**
 * A server module as the composition root (app.ts) sees it: the port other modules may be given
 * (narrowed with `Pick<>` by whoever takes it), its routes, and what must end before the database
 * closes. docs/ARCHITECTURE.md, "Cómo se agrega un módulo".
 */
export interface Modulo<P extends object = object> {
  nombre: string;
  puerto: P;
  /** Routes behind the auth hook (the actor is `actorOf(req)`). */
  rutas?: FastifyPluginAsync;
  /** Public routes (each checks a token, a signature or a rate limit of its own). */
  rutasPublicas?: FastifyPluginAsync;
  /**
   * Its public routes are anonymous calls of people (sign-up, links): besides their own limits,
   * under the general per-address ceiling (infra/techo-publico.ts).
   */
  techoPublico?: boolean;
  /** A credential scheme of its own that the auth hook accepts besides the users' (a contractor link). */
  autenticador?: AutenticadorAlterno;
  /** Work begun after an answer (mail, recovery) that ends before the database closes. */
  alCerrar?: () => Promise<void>;
}
