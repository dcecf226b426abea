import { LIMITES_REGISTRO } from '@delego/contract';
import { esDiaValido } from '../../expenses';

/** The rules of the horas-reportadas screen, pure so they are tested beside. */

/** Why a range cannot be asked for (the server's own limits); null when it can. */
export function problemaDeRango(desde: string, hasta: string): string | null {
  if (!esDiaValido(desde)) return 'Indique la fecha «desde».';
  if (!esDiaValido(hasta)) return 'Indique la fecha «hasta».';
  if (desde > hasta) return 'La fecha «desde» no puede ser posterior a «hasta».';
  const dias = Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
  if (dias > LIMITES_REGISTRO.diasReporte) return `El rango no puede superar los ${LIMITES_REGISTRO.diasReporte} días.`;
  return null;
}

/** Largest first; ties by name. */
export function porMinutos<T extends { minutos: number }>(filas: readonly T[], nombre: (f: T) => string): T[] {
  return [...filas].sort((a, b) => b.minutos - a.minutos || nombre(a).localeCompare(nombre(b), 'es'));
}

/** The share of the total, 0 to 100, rounded; 0 when there is no total. */
export function porcentaje(minutos: number, total: number): number {
  return total > 0 ? Math.round((minutos / total) * 100) : 0;
}
