/**
 * Calendar days and amounts as people in Argentina read them. Argentina keeps UTC-3 all year
 * (no daylight saving since 2009), so a day is [00:00, 24:00) at UTC-3.
 */
const AR_OFFSET_MS = 3 * 3600_000;

/** 'YYYY-MM-DD' of the Argentine day that contains `ms`. */
export function diaAR(ms: number): string {
  return new Date(ms - AR_OFFSET_MS).toISOString().slice(0, 10);
}

/** ms of 00:00 (Argentina) of a 'YYYY-MM-DD' day. */
export function inicioDiaAR(dia: string): number {
  return Date.parse(`${dia}T00:00:00.000Z`) + AR_OFFSET_MS;
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
