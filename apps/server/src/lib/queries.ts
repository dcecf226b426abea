import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Pieces of Drizzle queries the repositories share. Each condition starts with the company: a row
 * of another company is never read or written through them.
 */

/** The columns of a table whose rows a company owns. */
interface DeEntidad {
  id: AnyColumn;
  entidadId: AnyColumn;
}

/** `entidad_id = … and id = …`: one row, only when it is the company's. */
export const whereId = (t: DeEntidad, entidadId: number, id: number): SQL | undefined =>
  and(eq(t.entidadId, entidadId), eq(t.id, id));

/** `entidad_id = … and orden_id = …`: the rows of one order, only when it is the company's. */
export const whereDeOrden = (t: { entidadId: AnyColumn; ordenId: AnyColumn }, entidadId: number, ordenId: number) =>
  and(eq(t.entidadId, entidadId), eq(t.ordenId, ordenId));

/** `entidad_id = … and orden_id = … and id in (…)`: rows of one order of the company. */
export const whereIdsDeOrden = (
  t: DeEntidad & { ordenId: AnyColumn },
  entidadId: number,
  ordenId: number,
  ids: number[],
): SQL | undefined => and(eq(t.entidadId, entidadId), eq(t.ordenId, ordenId), inArray(t.id, ids));

/** `1, 2, 3` for an `in (…)` list: each id its own parameter. */
export const joinIds = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** A moment as a `timestamptz` parameter of a raw statement. */
export const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** A list of ids as one array parameter (`= any(…)`), so the statement's text is the same for any length. */
export const intArray = (ids: readonly number[]): SQL => sql`${sql.param([...ids])}::int[]`;

/** The first row of a query (run with `limit 1`), or undefined when there is none. */
export async function firstRow<T>(q: { limit(n: number): PromiseLike<T[]> }): Promise<T | undefined> {
  return (await q.limit(1))[0];
}

/** Whether a query has any row (run with `limit 1`). */
export async function hasRow(q: { limit(n: number): PromiseLike<unknown[]> }): Promise<boolean> {
  return (await q.limit(1)).length > 0;
}

/**
 * The row an insert of one row gives back (`returning`). Postgres always returns it, so none is a
 * bug, thrown with `falta` (what was not stored) as the message.
 */
export async function filaInsertada<T>(insert: PromiseLike<T[]>, falta: string): Promise<T> {
  const [fila] = await insert;
  if (!fila) throw new Error(falta);
  return fila;
}
