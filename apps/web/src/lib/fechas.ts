import { esDia, textoDeDia } from '@delego/contract';

export { useZonaEmpresa } from './zona-empresa';

/**
 * Dates in the interface (docs/FECHAS.md): calendar days and times are read and written in the
 * company's time zone, whatever the device's. The pure helpers live in the contract (the server
 * uses them too); this file has what only the web needs.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TEXTO_COMPLETO = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * What a date field shows while typing: digits only, with the slashes of dd/MM/yyyy put in as
 * the digits arrive (a trailing slash is left out, so Backspace is not fought). A pasted
 * 'YYYY-MM-DD' is turned around.
 */
export function mascaraFecha(entrada: string): string {
  const iso = ISO.exec(entrada.trim());
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const d = entrada.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** The text a date field shows for its value: a day as dd/MM/yyyy, anything else as typed. */
export function textoDeValorFecha(valor: string): string {
  return esDia(valor) ? textoDeDia(valor) : valor;
}

/**
 * Why a date field's value is not a day, in Spanish; undefined when it is one or empty.
 * A date field's value is a 'YYYY-MM-DD' day, '' or the text typed so far.
 */
export function errorDeFecha(valor: string): string | undefined {
  if (valor === '' || esDia(valor)) return undefined;
  if (TEXTO_COMPLETO.test(valor)) return `La fecha ${valor} no es válida.`;
  if (ISO.test(valor)) return `La fecha ${textoDeDia(valor)} no es válida.`;
  return 'Escriba la fecha como dd/mm/aaaa.';
}
