import type { SQL } from 'drizzle-orm';
import type { Consultar, DbOrTx } from './client.js';

/**
 * Rows of a raw read, in the type the caller names for its select: through the prepared reader
 * when there is one (outside a transaction, `Consultar`), else through `db` (a transaction's
 * handle). With `lectorDe` and `Consultar`, the one place where raw rows are given a type.
 */
export type Leer = <T>(query: SQL, opciones?: { preparar?: boolean }) => Promise<T[]>;

export function lectorDe(db: DbOrTx, consultar?: Consultar): Leer {
  return async <T>(query: SQL, opciones?: { preparar?: boolean }) =>
    consultar ? consultar<T>(query, opciones) : ((await db.execute(query)).rows as T[]);
}
