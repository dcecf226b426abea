import { normalizarTexto, numeroDePalabra, palabrasEscritas } from '@delego/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The product's text search (issue 36, docs/adr/0002-busqueda-con-trigramas.md): what a person
 * types is split into words, and every word must appear, in any order, somewhere in the searched
 * fields, ignoring accents and case. `%`, `_` and `\` are letters like any other.
 */

// How a text is compared and when a word is an order number: the contract's, as the app's search
// on the phone (offline) compares the same way.
export { normalizarTexto, numeroDePalabra } from '@delego/contract';

/**
 * The words of a search, each once. A word found inside another one that is not a number is left
 * out: wherever the longer word is, the shorter one is too, so it would only cost a condition.
 */
export function palabrasDeBusqueda(texto: string | null | undefined): string[] {
  const unicas = new Map<string, string>();
  for (const p of palabrasEscritas(texto ?? '')) {
    if (!unicas.has(normalizarTexto(p))) unicas.set(normalizarTexto(p), p);
  }
  const normales = [...unicas.keys()];
  return [...unicas].flatMap(([n, p]) =>
    normales.some((otra) => otra !== n && otra.includes(n) && numeroDePalabra(otra) === undefined) ? [] : [p],
  );
}

/** The text of a LIKE pattern that finds `palabra` as written anywhere: its wildcards escaped. */
export function patronContiene(palabra: string): string {
  return `%${palabra.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An expression without accents and in lower case, in SQL: `f_unaccent` (migration 0014) is the
 * IMMUTABLE form of unaccent, so an index or a generated column can hold it, and on a constant the
 * planner computes it once.
 */
export function normalizadoSql(expr: SQL): SQL {
  return sql`lower(f_unaccent(${expr}))`;
}

/**
 * `expr` holds `palabra`, accents and case aside. `expr` must already be normalized (as the
 * `ordenes.busqueda` column is, with its trigram index): the pattern is normalized the same way.
 */
export function contieneSql(exprNormalizada: SQL, palabra: string): SQL {
  return sql`${exprNormalizada} like ${normalizadoSql(sql`${patronContiene(palabra)}`)}`;
}
