import { AGRUPAR_CUMPLIMIENTO, porcentajeCumplido, type AgruparCumplimiento, type ConteoPlazo } from '@delego/contract';
import { formatearEntero } from '../../../lib/numeros';

/**
 * Service-level compliance (issue 34) as the statistics screen writes it: the grouping in the
 * address (`?por=tipo`) and each target's share met in time, out of the ones already decided.
 */

/** The names of the groupings, in the selector's order. */
export const NOMBRES_AGRUPAR: Readonly<Record<AgruparCumplimiento, string>> = {
  cliente: 'Cliente',
  tipo: 'Tipo de orden',
  responsable: 'Responsable',
  mes: 'Mes',
};

/** The grouping the address asks for (`?por=`); by client when absent or unknown, as the server. */
export function leerAgrupar(params: URLSearchParams): AgruparCumplimiento {
  const por = params.get('por');
  return (AGRUPAR_CUMPLIMIENTO as readonly string[]).includes(por ?? '') ? (por as AgruparCumplimiento) : 'cliente';
}

/** The share met in time as a percentage (0 to 100), or null while no target is decided. */
export function porcentajeATiempo(c: ConteoPlazo): number | null {
  const p = porcentajeCumplido(c);
  return p === null ? null : p * 100;
}

/** A percentage as the screen writes it: «83 %»; null, NaN or infinite is «—». */
export function textoPorcentaje(valor: number | null): string {
  return valor === null || !Number.isFinite(valor) ? '—' : `${formatearEntero(valor)} %`;
}

/** «83 %» of a target, «—» when none is decided yet. */
export function textoCumplido(c: ConteoPlazo): string {
  return textoPorcentaje(porcentajeATiempo(c));
}

/** What the share is of: «5 de 6 a tiempo» (the decided ones: met plus broken). */
export function textoDecididas(c: ConteoPlazo): string {
  const decididas = c.cumplidas + c.incumplidas;
  if (decididas === 0) return 'Ninguna decidida todavía';
  return `${formatearEntero(c.cumplidas)} de ${formatearEntero(decididas)} a tiempo`;
}

/** «2 en curso», or null when none is running. */
export function textoEnCurso(c: ConteoPlazo): string | null {
  return c.enCurso === 0 ? null : `${formatearEntero(c.enCurso)} en curso`;
}
