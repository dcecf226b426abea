import { formatoMb } from '@delego/contract';

/**
 * Numbers as the interface writes them (es-AR): '.' between thousands, ',' before decimals,
 * everywhere (the counter '1.234 / 5.000', sizes '2,9 MB'). Never `toFixed`, which writes '2.9'.
 */

const entero = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0, useGrouping: 'always' });
const unDecimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1, useGrouping: 'always' });

/** 1234 -> '1.234'. */
export function formatearEntero(n: number): string {
  return entero.format(n);
}

/** A size limit in MB: 25 -> '25', 3.5 -> '3,5' (the same as the server's messages). */
export function formatearMb(mb: number): string {
  return formatoMb(mb);
}

/** A size in bytes: '512 B', '245 KB', '2,9 MB', '1.024 MB' (1 KB = 1024 bytes, as the limits). */
export function formatearTamanio(bytes: number): string {
  if (bytes < 1024) return `${formatearEntero(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatearEntero(Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${(mb < 100 ? unDecimal : entero).format(mb)} MB`;
}
