import { format } from 'date-fns';
import { es } from 'date-fns/locale';

/**
 * Calendar days as the server counts them: in Argentina, which keeps UTC−3 all year. An entry's
 * day is the Argentine day of its `fecha` (ms), whatever the device's time zone.
 */
const AR_OFFSET_MS = 3 * 3600_000;
const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of the Argentine day that contains `ms`. */
export function diaAR(ms: number): string {
  return new Date(ms - AR_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Argentina, 'YYYY-MM-DD'. */
export function hoyAR(ahora = Date.now()): string {
  return diaAR(ahora);
}

/** True for a real 'YYYY-MM-DD' day (no 31 February). */
export function esDiaValido(dia: string): boolean {
  const m = DIA.exec(dia);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === dia;
}

/** The ms sent for a day: its noon in Argentina, safely inside it from any time zone. */
export function msDeDia(dia: string): number {
  return Date.parse(`${dia}T12:00:00.000-03:00`);
}

/** ms of 00:00 (Argentina) of a day. */
export function inicioDeDia(dia: string): number {
  return Date.parse(`${dia}T00:00:00.000-03:00`);
}

/** 'dd/MM/yyyy' of a 'YYYY-MM-DD' day. */
export function textoDia(dia: string): string {
  const [a, m, d] = dia.split('-');
  return `${d}/${m}/${a}`;
}

/** 'dd/MM/yyyy' of the Argentine day of an entry's `fecha`. */
export function textoFecha(ms: number): string {
  return textoDia(diaAR(ms));
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

/** 'mayo de 2026' for a 'YYYY-MM-DD' day, in Spanish. */
export function nombreMes(dia: string): string {
  const [a, m] = dia.split('-').map(Number) as [number, number];
  return format(new Date(a, m - 1, 1), "MMMM 'de' yyyy", { locale: es });
}
