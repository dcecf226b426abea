import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { mensajeDemasiadosPedidos } from '@delego/contract';
import { AppError } from '../kernel/errors.js';
import { grupoDeDireccion } from '../lib/direccion.js';
import type { ContadorLimites, Limite } from '../lib/rate-limit.js';

/**
 * The general ceiling of the anonymous public routes (sign-up and recovery, the survey page, the
 * order summary and billing form by link), per address group and minute: far above what a person
 * does (each route keeps its own business limits, per address and per account or link, in the
 * services), it stops a script that walks through them all. See docs/DESPLIEGUE.md
 * «Límites compartidos».
 */
export const TECHO_PUBLICO: Limite = { max: 300, ventanaMs: 60_000 };

/**
 * @fastify/rate-limit's store over the kernel's counters: in memory on PGlite, in PostgreSQL's
 * `limites_compartidos` with several instances, so the ceiling holds for them all. A call over the
 * ceiling is refused without being counted (`take`), as the business limits are.
 */
export function almacenCompartido(contador: ContadorLimites): FastifyRateLimitStoreCtor {
  return class AlmacenCompartido implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      contador.take([[`techo:${key}`, { max, ventanaMs: timeWindow }]]).then(
        (espera) =>
          callback(null, espera > 0 ? { current: max + 1, ttl: espera * 1000 } : { current: 0, ttl: timeWindow }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Registers the ceiling on every route of `scope` (a scope of anonymous public routes). */
export async function techoPublico(
  scope: FastifyInstance,
  contador: ContadorLimites,
  limite: Limite = TECHO_PUBLICO,
): Promise<void> {
  await scope.register(rateLimit, {
    max: limite.max,
    timeWindow: limite.ventanaMs,
    store: almacenCompartido(contador),
    keyGenerator: (req) => grupoDeDireccion(req.ip),
    // The 429 is the API's (`{ code, message, requestId }`, Retry-After); no X-RateLimit-* headers.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    errorResponseBuilder: (_req, ctx) => {
      const espera = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError('DEMASIADOS_INTENTOS', mensajeDemasiadosPedidos(espera), { retryAfterS: espera });
    },
  });
}
