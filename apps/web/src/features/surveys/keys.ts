import type { ConsultaEncuestas } from './model/filtros';

/** Query keys of the surveys feature (issue 13). */
export const encuestasKeys = {
  all: ['encuestas'] as const,
  /** The surveys of one order (enviar-encuesta). */
  deOrden: (ordenId: number) => [...encuestasKeys.all, 'orden', ordenId] as const,
  /** The results with their filters (grafico-encuestas). */
  resultados: (filtros: ConsultaEncuestas) => [...encuestasKeys.all, 'resultados', filtros] as const,
  /** The company's setting of the automatic send. */
  configuracion: () => [...encuestasKeys.all, 'configuracion'] as const,
  /** The public page of a link, by its token. */
  publica: (k: string) => [...encuestasKeys.all, 'publica', k] as const,
};
