import { estadoInfo, type Grafico } from '@delego/contract';

/** The charts whose categories are order states, keyed by the state's id (server and dashboard). */
const GRAFICOS_DE_ESTADOS: ReadonlySet<string> = new Set(['ordenes-por-estado', 'abiertas-por-estado']);

/**
 * The Ionic colour of each category of a chart of order states: the state's own, as its badge in
 * the lists shows it. Undefined for the other charts, which keep the palette.
 */
export function coloresDeGrafico(grafico: Pick<Grafico, 'grafico' | 'categorias'>): (string | null)[] | undefined {
  if (!GRAFICOS_DE_ESTADOS.has(grafico.grafico)) return undefined;
  return grafico.categorias.map((c) => estadoInfo(Number(c.clave))?.color ?? null);
}
