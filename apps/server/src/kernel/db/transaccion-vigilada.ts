import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Inside a transaction every read goes through that transaction (`tx`), never through the main
 * handle (`db`). PGlite has one connection: the transaction holds it, so a query on the main handle
 * waits for the transaction, which waits for the query, and every later call of every company waits
 * behind them. On PostgreSQL the same mistake takes a second connection per request: ten requests
 * at once hold the pool's ten connections and wait for an eleventh, and the read does not see the
 * transaction's own writes.
 *
 * So the mistake fails at once, on both engines and in every mode: `openDatabase` marks the async
 * context of each transaction on the main handle, and the main handle's query entry points throw
 * `ConsultaEnTransaccion` when called from a context whose transaction is still open. A caller
 * fixes it by passing `tx` down, or by reading before the transaction opens (docs/FIABILIDAD.md).
 */

interface Marca {
  abierta: boolean;
}

const transaccion = new AsyncLocalStorage<Marca>();

export class ConsultaEnTransaccion extends Error {
  override readonly name = 'ConsultaEnTransaccion';
  constructor(operacion: string) {
    super(
      `${operacion} sobre la conexión principal dentro de una transacción abierta: en PGlite bloquearía el ` +
        'servidor entero. Pase el `tx` de la transacción a esa lectura (también a las cachés que cargan) ' +
        'o léala antes de abrir la transacción.',
    );
  }
}

/** True while the calling async context runs inside a transaction opened on the main handle. */
export function enTransaccion(): boolean {
  return transaccion.getStore()?.abierta === true;
}

/** Throws when called inside an open transaction: the guard of every main-handle entry point. */
export function vigilar(operacion: string): void {
  if (enTransaccion()) throw new ConsultaEnTransaccion(operacion);
}

/**
 * Runs a transaction marked as such. The mark ends when the transaction settles, so work that its
 * callback started and that runs later (an event handler, a timer) may use the main handle again.
 */
export async function marcarTransaccion<T>(abrir: () => Promise<T>): Promise<T> {
  vigilar('Una transacción');
  const marca: Marca = { abierta: true };
  try {
    return await transaccion.run(marca, abrir);
  } finally {
    marca.abierta = false;
  }
}

/** Replaces `obj[metodo]` by a version that calls `vigilar` first. */
export function vigilarMetodo<O extends object>(obj: O, metodo: keyof O & string, operacion: string): void {
  const original = obj[metodo] as unknown as (...args: unknown[]) => unknown;
  if (typeof original !== 'function') throw new Error(`${metodo} no es un método`);
  const vigilado = function (this: unknown, ...args: unknown[]) {
    vigilar(operacion);
    return original.apply(this, args);
  };
  Object.defineProperty(obj, metodo, { value: vigilado, writable: true, configurable: true });
}
