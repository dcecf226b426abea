import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import type { AuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The acting user of an authenticated route (set by the auth hook). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new Error('actorOf called on a route without authentication');
  return req.actor;
}

/**
 * Adds authentication to every route of the scope it is called in: the Authorization header
 * `<usuario>#<md5>` is resolved to the actor before the handler runs. The `tsp` query parameter
 * that clients add is accepted and ignored. Failures are counted per client address, `req.ip`:
 * the socket's, or the one forwarded by a proxy that TRUST_PROXY names (see LoginThrottle).
 */
export function requireAuth(scope: FastifyInstance, auth: AuthService): void {
  // A callback hook, not an async one: most calls carry a header verified a moment ago, and those
  // go on without a promise in between (the authenticated bench of docs/BENCHMARKS.md).
  scope.addHook('onRequest', (req, _reply, done) => {
    const hit = auth.cached(req.headers.authorization, req.ip);
    if (hit) {
      req.actor = hit;
      done();
      return;
    }
    auth.authenticate(req.headers.authorization, req.ip).then(
      (actor) => {
        req.actor = actor;
        done();
      },
      (err: Error) => done(err),
    );
  });
}
