import { diaDeMs, textoDeDia, textoFecha, textoFechaHora, textoHora } from '@delego/contract';

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

/** Less apart than this, the device's time and the arrival read the same: nothing more is said. */
const HECHO_EN_MARGEN_MS = 60_000;

/**
 * The history's line for work done offline (issue 36): «Hecho el 12/05 09:40 en el dispositivo ·
 * llegó 11:05» (the arrival with its day when it is another: «llegó 13/05 08:02»). Null when the
 * event has no device time or it is within a minute of the arrival (done online).
 */
export function textoHechoEn(hechoEn: number | undefined, llegada: number, zona: string): string | null {
  if (hechoEn === undefined || llegada - hechoEn < HECHO_EN_MARGEN_MS) return null;
  const diaMes = (ms: number) => textoFecha(ms, zona).slice(0, 5);
  const otroDia = diaDeMs(hechoEn, zona) !== diaDeMs(llegada, zona);
  const llego = otroDia ? `${diaMes(llegada)} ${textoHora(llegada, zona)}` : textoHora(llegada, zona);
  return `Hecho el ${diaMes(hechoEn)} ${textoHora(hechoEn, zona)} en el dispositivo · llegó ${llego}`;
}
