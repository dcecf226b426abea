import { ZONA_HORARIA_EMPRESA_POR_DEFECTO, diaDeMs, inicioDelDia } from '@delego/contract';

/**
 * Calendar days and amounts as people of the company read them: a day is [00:00, 24:00) on the
 * company's clock (docs/FECHAS.md), Argentina's unless a zone is given.
 */

/** 'YYYY-MM-DD' of the company's day that contains `ms`. */
export function diaAR(ms: number, zona = ZONA_HORARIA_EMPRESA_POR_DEFECTO): string {
  return diaDeMs(ms, zona);
}

/** ms of 00:00 (company's clock) of a 'YYYY-MM-DD' day. */
export function inicioDiaAR(dia: string, zona = ZONA_HORARIA_EMPRESA_POR_DEFECTO): number {
  return inicioDelDia(dia, zona);
}

/** 'dd/mm/yyyy' of a 'YYYY-MM-DD' day. */
export function diaTexto(dia: string): string {
  const [y, m, d] = dia.split('-');
  return `${d}/${m}/${y}`;
}

/** Days between two 'YYYY-MM-DD' (hasta - desde). */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86400_000);
}

const numero = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'ARS 1.500,50' from cents. */
export function montoTexto(centavos: number, moneda: string): string {
  return `${moneda} ${numero.format(centavos / 100)}`;
}
