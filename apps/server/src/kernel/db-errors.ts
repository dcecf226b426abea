/**
 * Errors that mean "the database cannot be reached right now" (and not "this statement is wrong"):
 * the error handler answers them with 503 and Retry-After instead of 500.
 */

/** Socket errors of the driver (node-postgres) while connecting or talking to the server. */
const CODIGOS_DE_RED = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const SQLSTATE_NO_DISPONIBLE = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Messages of node-postgres, pg-pool and PGlite when the connection is gone or never came. */
const MENSAJES_NO_DISPONIBLE = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^PGlite is clos(?:ed|ing)/,
];

function unaEsCaida(e: Record<string, unknown>): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (CODIGOS_DE_RED.has(code) || SQLSTATE_NO_DISPONIBLE.test(code)) return true;
  const mensaje = typeof e.message === 'string' ? e.message : '';
  return MENSAJES_NO_DISPONIBLE.some((re) => re.test(mensaje));
}

/** True when `err`, or an error it wraps (up to 5 deep through `cause`, as Drizzle wraps), holds. */
function enLaCadena(err: unknown, es: (e: Record<string, unknown>) => boolean): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e !== null && typeof e === 'object'; i++) {
    if (es(e as Record<string, unknown>)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True when `err`, or an error it wraps (Drizzle's `cause`, an AggregateError), is an outage. */
export function esBaseNoDisponible(err: unknown): boolean {
  return enLaCadena(
    err,
    (e) => unaEsCaida(e) || (e instanceof AggregateError && (e.errors as unknown[]).some((x) => esBaseNoDisponible(x))),
  );
}

/** SQLSTATEs of a statement that lost a race with another transaction: deadlock, serialization. */
const SQLSTATE_CONFLICTO = new Set(['40P01', '40001']);

/**
 * True when `err` (or an error it wraps) is a transaction PostgreSQL aborted because it collided
 * with another one (a deadlock between two writes that update the same statistics rollup rows in
 * different orders, a serialization failure): nothing was written, and the same request again
 * succeeds. Not an outage.
 */
export function esConflictoPasajero(err: unknown): boolean {
  return enLaCadena(err, (e) => typeof e.code === 'string' && SQLSTATE_CONFLICTO.has(e.code));
}

/**
 * True when `err` (or an error it wraps) is a statement that gave up waiting for a lock (55P03,
 * `lock_timeout`): nothing was written, and the same statement later may pass.
 */
export function esBloqueoAgotado(err: unknown): boolean {
  return enLaCadena(err, (e) => e.code === '55P03');
}

/** True when `err` (or an error it wraps) is a unique-constraint violation (23505), on either engine. */
export function esViolacionDeUnicidad(err: unknown): boolean {
  return enLaCadena(err, (e) => e.code === '23505');
}

/** Seconds a client should wait before trying again while the database is away. */
export const REINTENTAR_EN_S = 5;
