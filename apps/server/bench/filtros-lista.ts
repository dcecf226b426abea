import type autocannon from 'autocannon';

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

/**
 * The list load for autocannon: the bodies above one after another, each with the headers of the
 * next of `cabeceras` (the 20 companies' users); without them (the SQL floor, which answers one
 * company), the same bodies in the same order.
 */
export function cargaDeLista(base: string, cabeceras?: readonly Record<string, string>[]): autocannon.Options {
  let k = 0;
  return {
    url: base,
    requests: [
      {
        method: 'POST',
        path: '/api/v4/ordenes/all/filtered?tsp=1',
        setupRequest: (req) => {
          const i = k++ % 20;
          return {
            ...req,
            headers: { ...(cabeceras ? cabeceras[i % cabeceras.length] : {}), 'content-type': 'application/json' },
            body: JSON.stringify(FILTROS_LISTA[k % FILTROS_LISTA.length]),
          };
        },
      },
    ],
  };
}
