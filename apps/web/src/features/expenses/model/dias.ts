import { esDia, textoDeDia, textoMes } from '@delego/contract';

/**
 * Calendar days of hours and expense entries: 'YYYY-MM-DD' days of the company. An entry's `fecha`
 * is the noon of its day in the company's zone (mediodiaDelDia of the contract) and reads back as
 * the day that contains it there, whatever the device's zone (docs/FECHAS.md). The month helpers
 * below work on days alone, with no zone.
 */

/** True for a real 'YYYY-MM-DD' day (no 31 February). */
export function esDiaValido(dia: string): boolean {
  return esDia(dia);
}

/** 'dd/MM/yyyy' of a 'YYYY-MM-DD' day. */
export function textoDia(dia: string): string {
  return textoDeDia(dia);
}

/** The first and last day of the month that contains `dia` ('YYYY-MM-DD'). */
export function mesDe(dia: string): { desde: string; hasta: string } {
  const [a, m] = dia.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { desde: `${a}-${mm}-01`, hasta: `${a}-${mm}-${String(ultimo).padStart(2, '0')}` };
}

/** The month before the one that contains `dia`. */
export function mesAnterior(dia: string): { desde: string; hasta: string } {
  const [a, m] = dia.split('-').map(Number) as [number, number];
  const previo = new Date(Date.UTC(a, m - 2, 1));
  return mesDe(previo.toISOString().slice(0, 10));
}

/**
 * 'mayo de 2026' for a 'YYYY-MM-DD' day, in Spanish: the contract's table (`textoMes`), not
 * date-fns' `format`, whose formatters would go into the shared chunk that the login screen loads.
 */
export function nombreMes(dia: string): string {
  return textoMes(dia);
}
