import { textoFecha, textoFechaHora } from '@delego/contract';

/** dd/MM/yyyy of the company's day; '' without a date (docs/FECHAS.md). */
export function formatoFecha(ms: number | null | undefined, zona: string): string {
  return ms == null ? '' : textoFecha(ms, zona);
}

/** dd/MM/yyyy HH:mm (24 hours). */
export function formatoFechaHora(ms: number, zona: string): string {
  return textoFechaHora(ms, zona);
}
