import { horasTexto, type Unidad } from '@delego/contract';

/** How the statistics screens write their figures (es-AR: ',' before decimals, '.' between thousands). */

const entero = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0, useGrouping: 'always' });
const unDecimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1, useGrouping: 'always' });
const dosDecimales = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2, useGrouping: 'always' });

/**
 * A span given in days, always in days (Desempeño said «18 h» where Demoras said «1,1 días»): under
 * a day with two decimals ('0,75 días', as the delays export counts them), under ten days with one
 * ('2,5 días'), else whole days ('12 días'). Anything above zero reads at least '0,01 días';
 * negative values read as zero.
 */
export function textoDias(dias: number): string {
  const d = Math.max(0, dias);
  if (d === 0) return '0 días';
  const texto = (d < 1 ? dosDecimales : d < 10 ? unDecimal : entero).format(Math.max(d, 0.01));
  return `${texto} ${texto === '1' ? 'día' : 'días'}`;
}

/** A figure with its unit; null (nothing to measure) is '—'. */
export function textoValor(valor: number | null, unidad: Unidad): string {
  if (valor === null || !Number.isFinite(valor)) return '—';
  switch (unidad) {
    case 'ordenes':
    case 'encuestas':
      return entero.format(valor);
    case 'dias':
      return textoDias(valor);
    case 'horas':
      // As everywhere else hours are written (Horas y gastos, horas reportadas): '2:30 h'.
      return `${horasTexto(valor * 60)} h`;
    case 'porcentaje':
      return `${entero.format(valor)} %`;
    case 'puntaje':
      return `${unDecimal.format(valor)} / 5`;
  }
}

/**
 * The value axis of a chart of a unit: counts step by whole numbers (a chart whose largest count
 * is 1 drew ticks at 0,1 … 0,9, written as '0 0 0 0 0 1 1 1 1 1').
 */
export function ejeDe(unidad: Unidad): { soloEnteros: boolean } {
  return { soloEnteros: unidad === 'ordenes' || unidad === 'encuestas' };
}

/** The formatter of a chart's figures for a unit. */
export function formatoDe(unidad: Unidad): (valor: number) => string {
  return (valor) => textoValor(valor, unidad);
}

/** How good an on-time share is, for its colour: under 70 % bad, under 90 % fair, else good. */
export function nivelATiempo(porcentaje: number | null): 'danger' | 'warning' | 'success' | 'medium' {
  if (porcentaje === null) return 'medium';
  if (porcentaje < 70) return 'danger';
  if (porcentaje < 90) return 'warning';
  return 'success';
}
