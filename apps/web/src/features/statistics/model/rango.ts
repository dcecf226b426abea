import { esDia, finDelDia, inicioDelDia, sumarDias, textoDeDia } from '@delego/contract';
import { mesAnterior, mesDe, nombreMes } from '../../expenses';

/**
 * The period every statistics screen shows: two calendar days of the company ('YYYY-MM-DD', both
 * included), the current month by default (SPEC §9's constant is only the server's fallback for a
 * call without a range). It lives in the address (`?desde=2026-11-01&hasta=2026-11-30`), so going
 * back, refreshing or sharing a link keeps it, and each screen passes it on to the next.
 */
export interface Rango {
  desde: string;
  hasta: string;
}

/** The longest range the server takes (issue 14, bad input: «more than 5 years»). */
export const ANIOS_MAXIMOS = 5;

export type Atajo = 'esteMes' | 'mesAnterior' | 'ultimos30' | 'ultimos90' | 'esteAnio';

/** The quick choices of the range picker, in the order the chips show them. */
export const ATAJOS: readonly { clave: Atajo; etiqueta: string }[] = [
  { clave: 'esteMes', etiqueta: 'Este mes' },
  { clave: 'mesAnterior', etiqueta: 'Mes anterior' },
  { clave: 'ultimos30', etiqueta: 'Últimos 30 días' },
  { clave: 'ultimos90', etiqueta: 'Últimos 90 días' },
  { clave: 'esteAnio', etiqueta: 'Este año' },
];

/** The range of a quick choice, seen from `hoy` (a day of the company). */
export function rangoDeAtajo(atajo: Atajo, hoy: string): Rango {
  switch (atajo) {
    case 'esteMes':
      return mesDe(hoy);
    case 'mesAnterior':
      return mesAnterior(hoy);
    case 'ultimos30':
      return { desde: sumarDias(hoy, -29), hasta: hoy };
    case 'ultimos90':
      return { desde: sumarDias(hoy, -89), hasta: hoy };
    case 'esteAnio':
      return { desde: `${hoy.slice(0, 4)}-01-01`, hasta: `${hoy.slice(0, 4)}-12-31` };
  }
}

/** The quick choice that gives exactly `rango`, if any (its chip is shown selected). */
export function atajoDe(rango: Rango, hoy: string): Atajo | null {
  return ATAJOS.find(({ clave }) => mismoRango(rangoDeAtajo(clave, hoy), rango))?.clave ?? null;
}

export function mismoRango(a: Rango, b: Rango): boolean {
  return a.desde === b.desde && a.hasta === b.hasta;
}

/** The default range: the current month of the company. */
export function rangoPorDefecto(hoy: string): Rango {
  return mesDe(hoy);
}

/** `dia` plus `anios` years, as a day (29 February goes to 28 February in a common year). */
function sumarAnios(dia: string, anios: number): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const ultimo = new Date(Date.UTC(a + anios, m, 0)).getUTCDate();
  return `${a + anios}-${String(m).padStart(2, '0')}-${String(Math.min(d, ultimo)).padStart(2, '0')}`;
}

/** Why the range cannot be asked for, in Spanish (the server's own rules); null when it can. */
export function problemaDeRango(desde: string, hasta: string): string | null {
  if (!esDia(desde)) return 'Indique la fecha «Desde» como dd/mm/aaaa.';
  if (!esDia(hasta)) return 'Indique la fecha «Hasta» como dd/mm/aaaa.';
  if (desde > hasta) return 'La fecha «Desde» no puede ser posterior a «Hasta».';
  if (hasta > sumarAnios(desde, ANIOS_MAXIMOS)) return `El período no puede superar los ${ANIOS_MAXIMOS} años.`;
  return null;
}

/** The range written in the address; without one (or a wrong one) the current month. */
export function leerRango(params: URLSearchParams, hoy: string): Rango {
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  return problemaDeRango(desde, hasta) === null ? { desde, hasta } : rangoPorDefecto(hoy);
}

/** The range as address parameters (always both, so a shared link means the same days later). */
export function paramsDeRango(rango: Rango): URLSearchParams {
  return new URLSearchParams({ desde: rango.desde, hasta: rango.hasta });
}

/** `?desde=…&hasta=…` plus any other parameters, for a link to another statistics screen. */
export function consultaConRango(rango: Rango, extra: Record<string, string> = {}): string {
  const params = paramsDeRango(rango);
  for (const [clave, valor] of Object.entries(extra)) params.set(clave, valor);
  return `?${params.toString()}`;
}

/**
 * The range as the server takes it (SPEC §3 Statistics range): ms from the first instant of
 * «desde» to the last of «hasta», in the company's zone, so both days are whole and included.
 */
export function cuerpoDeRango(rango: Rango, zona: string): { fechaDesde: number; fechaHasta: number } {
  return { fechaDesde: inicioDelDia(rango.desde, zona), fechaHasta: finDelDia(rango.hasta, zona) };
}

/**
 * The range on its own, after «Período:» or as a heading: 'noviembre de 2026' for a whole month,
 * '05/11/2026' for one day, else 'del 01/11/2026 al 15/11/2026'.
 */
export function textoDeRango(rango: Rango): string {
  if (mismoRango(mesDe(rango.desde), rango)) return nombreMes(rango.desde);
  if (rango.desde === rango.hasta) return textoDeDia(rango.desde);
  return `del ${textoDeDia(rango.desde)} al ${textoDeDia(rango.hasta)}`;
}

/**
 * The range inside a sentence, saying when something happened («Nadie tuvo órdenes a cargo …»):
 * 'en noviembre de 2026', 'el 05/11/2026' or 'entre el 01/11/2026 y el 15/11/2026'.
 */
export function cuandoDeRango(rango: Rango): string {
  if (mismoRango(mesDe(rango.desde), rango)) return `en ${nombreMes(rango.desde)}`;
  if (rango.desde === rango.hasta) return `el ${textoDeDia(rango.desde)}`;
  return `entre el ${textoDeDia(rango.desde)} y el ${textoDeDia(rango.hasta)}`;
}
