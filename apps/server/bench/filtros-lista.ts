/**
 * The bodies of the list load (bench/run.ts): three filters without text, one word of search and a
 * deeper page, one after another. The SQL floor (bench/piso-sql.ts) prepares the page statement of
 * each one.
 */
export const FILTROS_LISTA = [
  { estados: [1, 2, 3], porPagina: 25 },
  { estados: [1, 2, 3], orden: 'vencimiento', porPagina: 25 },
  { buscar: 'aire', porPagina: 25 },
  { porPagina: 25, pagina: 3 },
] as const;
