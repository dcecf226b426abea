import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../kernel/db/client.js';
import { AppError } from '../kernel/errors.js';
import { resumenError } from './log-redaction.js';
import type { OpcionesRuta } from '../kernel/rutas.js';

/** The header a client sends to make a change count once: a UUID it generated for that change. */
export const CABECERA_IDEMPOTENCIA = 'idempotency-key';

/**
 * When the outbox replays a change it says when the person made it on the device (epoch ms); the
 * order's history keeps it beside the time it arrived (`orden_eventos.hecho_en`, issue 36).
 */
export const CABECERA_HECHO_EN = 'x-hecho-en';
/** A device clock ahead of the server by more than this: the time is not believed. */
export const HECHO_EN_ADELANTO_MAX_MS = 5 * 60_000;
/** Older than this (the outbox keeps changes for days, not weeks): not believed either. */
export const HECHO_EN_ANTIGUEDAD_MAX_MS = 7 * 24 * 3_600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose key it is (company and user of the actor). */
export interface DuenoClave {
  entidadId: number;
  usuarioId: number;
}

/**
 * Where keys are claimed, completed and released (`IdempotenciaService`). A claim is identified by
 * its moment (`toma`): a claim left `en_proceso` past its lease (the request timeout) may be taken
 * again by a retry, and from then on the first claim can neither complete nor release the key.
 */
/** What a completed key answers to its replays: the status and the JSON body as first sent. */
export interface RespuestaGuardada {
  status: number;
  respuesta: string;
}

export interface AlmacenIdempotencia {
  reclamar(
    dueno: DuenoClave,
    clave: string,
    huella: string,
  ): Promise<{ tipo: 'nuevo'; toma: Date } | { tipo: 'repetida'; status: number; respuesta: string }>;
  /**
   * Completes the key of claim `toma` with the answer, inside `tx` when given (the change's own
   * transaction); false when that claim no longer holds the key.
   */
  completar(dueno: DuenoClave, clave: string, toma: Date, r: RespuestaGuardada, tx?: DbOrTx): Promise<boolean>;
  liberar(dueno: DuenoClave, clave: string, toma: Date): Promise<void>;
}

/** The key of the request being served, from the claim to the answer. */
interface ClaveEnCurso {
  almacen: AlmacenIdempotencia;
  dueno: DuenoClave;
  clave: string;
  toma: Date;
  /** The route's serializer for the answer (what `onSend` will send). */
  serializar?: (valor: unknown) => string;
  status?: () => number;
  /** Completed inside a change's transaction (`responderEnTransaccion`). */
  enTransaccion: boolean;
  /** The key was found taken by another claim: this request leaves it alone. */
  perdida?: boolean;
  /** `X-Hecho-En` as sent, when it is a whole number of ms (checked against the clock when used). */
  hechoEn?: number;
}

const PENDIENTE = Symbol('idempotencia.pendiente');
type ConPendiente = FastifyRequest & { [PENDIENTE]?: ClaveEnCurso | undefined };

/** The key of the request being served, for the services' transactions (set around the handler). */
const enCurso = new AsyncLocalStorage<ClaveEnCurso>();

/** True when the request being served carries an `Idempotency-Key` not yet completed. */
export function hayClaveEnCurso(): boolean {
  const c = enCurso.getStore();
  return !!c && !c.enTransaccion;
}

/** `X-Hecho-En` as an epoch ms, or undefined when absent or not a plain whole number. */
function leerHechoEn(crudo: string | string[] | undefined): number | undefined {
  const texto = (Array.isArray(crudo) ? crudo[0] : crudo)?.trim() ?? '';
  if (!/^\d{1,15}$/.test(texto)) return undefined;
  return Number(texto);
}

/**
 * When the change being served was made on the device: the `X-Hecho-En` of a request with an
 * `Idempotency-Key` (what the outbox replays), if it is sane against the server's `ahora`: not
 * ahead by more than 5 minutes, not older than 7 days, not after `ahora` (a clock a bit ahead is
 * taken as `ahora`). Anything else is ignored (null), never refused: the change itself is valid.
 */
export function hechoEnDelCambio(ahora: Date): Date | null {
  const ms = enCurso.getStore()?.hechoEn;
  if (ms === undefined) return null;
  const diferencia = ahora.getTime() - ms;
  if (diferencia < -HECHO_EN_ADELANTO_MAX_MS || diferencia > HECHO_EN_ANTIGUEDAD_MAX_MS) return null;
  return new Date(Math.min(ms, ahora.getTime()));
}

/**
 * The last step of a change's transaction, for every service method behind an idempotent route:
 * when the request being served carries an `Idempotency-Key`, its answer (`respuesta`, written by
 * the route's own serializer, as it will be sent) completes the key inside `tx`, so the key is
 * completed exactly when the change commits: a crash before the commit leaves neither, one after
 * it leaves both (docs/APP-DE-CAMPO.md). Without a key it does nothing. Returns `respuesta`.
 * If this request's claim was released (it outlived the request timeout) and a retry took the key,
 * it throws 409 `IDEMPOTENCIA_EN_PROCESO` and the transaction rolls back: the retry applies it.
 */
export async function responderEnTransaccion<T>(tx: DbOrTx, respuesta: T): Promise<T> {
  const c = enCurso.getStore();
  if (!c || c.enTransaccion || !c.serializar || !c.status) return respuesta;
  const status = c.status();
  if (status >= 300) return respuesta;
  if (!(await c.almacen.completar(c.dueno, c.clave, c.toma, { status, respuesta: c.serializar(respuesta) }, tx))) {
    c.perdida = true;
    throw new AppError('IDEMPOTENCIA_EN_PROCESO', MENSAJE_EN_PROCESO, { retryAfterS: 5 });
  }
  c.enTransaccion = true;
  return respuesta;
}

/** The answer while a key is claimed by a request still running (409, Retry-After). */
export const MENSAJE_EN_PROCESO =
  'Esta operación ya se está procesando (se envió dos veces a la vez). Reintente en unos segundos.';

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
 * - the first request with a key claims it (`en_proceso`, for as long as the request timeout) and
 *   runs; the service completes the key with its answer inside the change's own transaction
 *   (`responderEnTransaccion`), so a committed change is always a completed key; a refusal (4xx,
 *   nothing changed) is stored when it is sent; a 5xx releases the key so that a retry runs again;
 * - a replay with the same key and the same request gets the stored status and body (with
 *   `Idempotency-Replayed: true`) and changes nothing; with another request, 422; while the first
 *   is still running, 409 with Retry-After; a claim left `en_proceso` past the request timeout (its
 *   process died: its change did not commit, or the key would be complete) is taken by the retry.
 * Keys belong to a company and user (`dueno`): another user's key never matches.
 */
export function idempotente(
  almacen: AlmacenIdempotencia,
  dueno: (req: FastifyRequest) => DuenoClave,
): Pick<OpcionesRuta, 'preHandler' | 'onSend' | 'alrededor'> {
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
    (req as ConPendiente)[PENDIENTE] = {
      almacen,
      dueno: quien,
      clave: clave.toLowerCase(),
      toma: r.toma,
      enTransaccion: false,
      hechoEn: leerHechoEn(req.headers[CABECERA_HECHO_EN]),
    };
    return false;
  };
  const guardar = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pendiente = (req as ConPendiente)[PENDIENTE];
    if (!pendiente) return payload;
    (req as ConPendiente)[PENDIENTE] = undefined;
    const { dueno: quien, clave, toma } = pendiente;
    // Completed with the change, or taken by another claim: nothing left to do.
    if ((pendiente.enTransaccion && reply.statusCode < 300) || pendiente.perdida) return payload;
    try {
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        // Released only while still this claim's and `en_proceso`: a change that committed with
        // its key before a later failure keeps its answer.
        await almacen.liberar(quien, clave, toma);
      } else {
        if (reply.statusCode < 300) {
          // A success whose service did not complete the key in its transaction: stored now, as
          // before; a crash right before this would leave the key to be retried after the lease.
          req.log.error({ ruta: req.routeOptions.url }, 'idempotencia.fueraDeTransaccion');
        }
        await almacen.completar(quien, clave, toma, { status: reply.statusCode, respuesta: payload });
      }
    } catch (error) {
      // The key stays `en_proceso` until the request timeout; then a retry runs it again (a
      // refusal changed nothing; a success that was not completed in its transaction is the
      // case logged above).
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
    // The handler runs with the claim in its async context, so that the service's transaction
    // completes the key (`responderEnTransaccion`) with the answer the route's serializer writes.
    alrededor: (req, reply, manejar) => {
      const pendiente = (req as ConPendiente)[PENDIENTE];
      if (!pendiente) return manejar();
      pendiente.serializar = (valor) => {
        const escrito: unknown = reply.serialize(valor);
        return typeof escrito === 'string' ? escrito : Buffer.from(escrito as ArrayBuffer).toString('utf8');
      };
      pendiente.status = () => reply.statusCode;
      return enCurso.run(pendiente, manejar);
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
