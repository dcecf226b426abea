import { diaDeMs, textoDeDia, textoFechaHora } from '@delego/contract';

export {
  colorEstado,
  formatoFecha,
  nombrePersona,
  textoResponsables,
  textoTotalOrdenes,
  vencimiento,
  type Vencimiento,
} from './formato-ligero';

/**
 * How orders' dates, people and states read in the interface. Dates are read in the company's
 * time zone (`zona`, from useZonaEmpresa), never the device's: docs/FECHAS.md.
 */

/** dd/MM/yyyy HH:mm (24 hours) on the company's clock. */
export function formatoFechaHora(ms: number, zona: string): string {
  return textoFechaHora(ms, zona);
}

/** A date as the value of a date field (the company's day, yyyy-MM-dd); '' without a date. */
export function diaDeFecha(ms: number | null | undefined, zona: string): string {
  return ms == null ? '' : diaDeMs(ms, zona);
}

/** A yyyy-MM-dd day as dd/MM/yyyy. */
export function formatoDia(dia: string): string {
  return textoDeDia(dia);
}
