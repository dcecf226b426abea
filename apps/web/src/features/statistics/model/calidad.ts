import { textoValor } from './formato';

/**
 * First-time fix and the client's conformity (issue 31) as the scorecard and the per-client table
 * write them: the share, then what it is a share of. Older servers leave the fields out: «—».
 */
export interface CifrasCalidad {
  finalizadas: number;
  sinSeguimiento?: number;
  porcentajePrimeraVez?: number | null;
  conformes?: number;
  noConformes?: number;
  porcentajeConformidad?: number | null;
}

/** «80 % (8 de 10)»: finished orders that needed no follow-up order, of the finished ones. */
export function textoPrimeraVez(c: CifrasCalidad): string {
  if (c.porcentajePrimeraVez == null || c.sinSeguimiento === undefined) return '—';
  return `${textoValor(c.porcentajePrimeraVez, 'porcentaje')} (${c.sinSeguimiento} de ${c.finalizadas})`;
}

/** «75 % (3 de 4)»: «Conforme» answers of the clients who answered; «—» when nobody answered. */
export function textoConformidad(c: CifrasCalidad): string {
  if (c.porcentajeConformidad == null) return '—';
  const conformes = c.conformes ?? 0;
  return `${textoValor(c.porcentajeConformidad, 'porcentaje')} (${conformes} de ${conformes + (c.noConformes ?? 0)})`;
}
