import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { resumenError } from './log-redaction.js';
import type { OpcionesRuta } from './rutas.js';

/** The header a client sends to make a change count once: a UUID it generated for that change. */
export const CABECERA_IDEMPOTENCIA = 'idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose key it is (company and user of the actor). */
export interface DuenoClave {
  entidadId: number;
  usuarioId: number;
}

/** Where keys are claimed, completed and released (`IdempotenciaService`). */
export interface AlmacenIdempotencia {
  reclamar(
    dueno: DuenoClave,
    clave: string,
    huella: string,
  ): Promise<{ tipo: 'nuevo' } | { tipo: 'repetida'; status: number; respuesta: string }>;
  completar(dueno: DuenoClave, clave: string, status: number, respuesta: string): Promise<void>;
  liberar(dueno: DuenoClave, clave: string): Promise<void>;
}

const PENDIENTE = Symbol('idempotencia.pendiente');
type ConPendiente = FastifyRequest & { [PENDIENTE]?: { dueno: DuenoClave; clave: string } };

/** JSON with the keys of every object sorted: the same request always gives the same text. */
function canonico(valor: unknown): string {
  if (valor === undefined) return 'null';
  if (valor === null || typeof valor !== 'object') return JSON.stringify(valor);
  if (Array.isArray(valor)) return `[${valor.map(canonico).join(',')}]`;
  const obj = valor as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .filter((k) => obj[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonico(obj[k])}`)
    .join(',')}}`;
}

/**
 * The request's fingerprint: method, route, params and the parsed JSON body. A multipart body
 * (an upload) is read by the handler, after this: its fingerprint is the route and its params.
 */
export function huellaDe(req: FastifyRequest): string {
  const cuerpo = String(req.headers['content-type'] ?? '').startsWith('multipart/') ? null : req.body;
  return createHash('sha256')
    .update(canonico({ m: req.method, r: req.routeOptions.url, p: req.params, b: cuerpo }))
    .digest('base64url');
}

/**
 * The route options that make a mutating route idempotent with `Idempotency-Key` (docs/APP-DE-CAMPO.md):
 * - without the header, the route works as always;
 * - a key that is not a UUID: 400, nothing done;
 * - the first request with a key claims it and runs; its answer (any status below 500, with its
 *   JSON body) is stored 24 h; a 5xx releases the key so that a retry runs again;
 * - a replay with the same key and the same request gets the stored status and body (with
 *   `Idempotency-Replayed: true`) and changes nothing; with another request, 422; while the first
 *   is still running, 409 with Retry-After.
 * Keys belong to a company and user (`dueno`): another user's key never matches.
 */
export function idempotente(
  almacen: AlmacenIdempotencia,
  dueno: (req: FastifyRequest) => DuenoClave,
): Pick<OpcionesRuta, 'preHandler' | 'onSend'> {
  /** The claim of a request with the header; true when it was answered (a replay). */
  const reclamar = async (req: FastifyRequest, reply: FastifyReply, crudo: string | string[]): Promise<boolean> => {
    const clave = (Array.isArray(crudo) ? crudo[0] : crudo)?.trim() ?? '';
    if (!UUID.test(clave)) {
      throw AppError.invalid('Idempotency-Key', 'La cabecera Idempotency-Key debe ser un UUID.');
    }
    const quien = dueno(req);
    const r = await almacen.reclamar(quien, clave.toLowerCase(), huellaDe(req));
    if (r.tipo === 'repetida') {
      void reply
        .code(r.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotency-replayed', 'true')
        .send(r.respuesta);
      return true;
    }
    (req as ConPendiente)[PENDIENTE] = { dueno: quien, clave: clave.toLowerCase() };
    return false;
  };
  const guardar = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pendiente = (req as ConPendiente)[PENDIENTE];
    if (!pendiente) return payload;
    (req as ConPendiente)[PENDIENTE] = undefined;
    try {
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        await almacen.liberar(pendiente.dueno, pendiente.clave);
      } else {
        await almacen.completar(pendiente.dueno, pendiente.clave, reply.statusCode, payload);
      }
    } catch (error) {
      // The change is done (or not) already; the key stays `en_proceso` until it expires, so a
      // retry gets 409 instead of running twice.
      req.log.warn({ err: resumenError(error) }, 'idempotencia.noGuardada');
    }
    return payload;
  };
  // Callback hooks: a request without the header (most of them) goes on at once, with no promise
  // in between (issue 18); only one with the header waits for the store.
  return {
    preHandler: (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      const crudo = req.headers[CABECERA_IDEMPOTENCIA];
      if (crudo === undefined) {
        done();
        return;
      }
      reclamar(req, reply, crudo).then(
        (respondida) => {
          if (!respondida) done();
        },
        (err: Error) => done(err),
      );
    },
    onSend: (
      req: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: Error | null, p?: unknown) => void,
    ) => {
      if (!(req as ConPendiente)[PENDIENTE]) {
        done(null, payload);
        return;
      }
      guardar(req, reply, payload).then(
        (p) => done(null, p),
        (err: Error) => done(err),
      );
    },
  };
}
