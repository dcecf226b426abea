import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from './actor.js';

/** What the auth hook needs of the identity module: an Authorization header to its actor. */
export interface Autenticador {
  /** The actor of a header verified a moment ago, without waiting (undefined: verify it). */
  cached(header: string | undefined, ip: string): Actor | undefined;
  /** Verifies the header (throttled per address) and gives its actor, or an AppError. */
  authenticate(header: string | undefined, ip: string): Promise<Actor>;
}

/**
 * Another credential scheme than the users' (`Authorization: <esquema> <credencial>`), given by a
 * module: a contractor link (modules/externos). It resolves the credential on every request (a
 * revocation holds at once on every instance) and refuses, for its own reasons, the routes and
 * orders the credential does not open.
 */
export interface AutenticadorAlterno {
  esquema: string;
  autenticar(req: FastifyRequest, credencial: string): Promise<Actor>;
}

/**
 * Adds authentication to every route of the scope it is called in: the Authorization header
 * `<usuario>#<md5>` is resolved to the actor before the handler runs. The `tsp` query parameter
 * that clients add is accepted and ignored. Failures are counted per client address, `req.ip`:
 * the socket's, or the one forwarded by a proxy that TRUST_PROXY names (see LoginThrottle).
 */
export function requireAuth(
  scope: FastifyInstance,
  auth: Autenticador,
  alternos: readonly AutenticadorAlterno[] = [],
): void {
  const prefijos = alternos.map((a) => ({ a, prefijo: `${a.esquema} ` }));
  // A callback hook, not an async one: most calls carry a header verified a moment ago, and those
  // go on without a promise in between (the authenticated bench of docs/BENCHMARKS.md).
  scope.addHook('onRequest', (req, _reply, done) => {
    const hit = auth.cached(req.headers.authorization, req.ip);
    if (hit) {
      req.actor = hit;
      done();
      return;
    }
    const header = req.headers.authorization;
    const alterno = header ? prefijos.find((p) => header.startsWith(p.prefijo)) : undefined;
    const verificar = alterno
      ? alterno.a.autenticar(req, (header as string).slice(alterno.prefijo.length).trim())
      : auth.authenticate(header, req.ip);
    verificar.then(
      (actor) => {
        req.actor = actor;
        done();
      },
      (err: Error) => done(err),
    );
  });
}
