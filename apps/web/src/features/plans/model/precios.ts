/**
 * Plan prices as people in Argentina read them: '$ 12.345,00' (ARS, es-AR), with the thousands
 * dot also on four digits ('$ 1.500,00') and always two decimals.
 */

const IMPORTE = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/** The symbol each currency is written with; a code we do not know is written as is ('BRL 10,00'). */
const SIMBOLOS: Record<string, string> = { ARS: '$', USD: 'US$' };

/** 12345 → '$ 12.345,00'; -50 → '-$ 50,00'; 10 USD → 'US$ 10,00'. */
export function formatearPrecio(monto: number, moneda = 'ARS'): string {
  const simbolo = SIMBOLOS[moneda.toUpperCase()] ?? moneda.toUpperCase();
  const numero = IMPORTE.format(Math.abs(monto));
  // -0 and amounts that round to zero carry no sign.
  const negativo = monto < 0 && numero !== IMPORTE.format(0);
  return `${negativo ? '-' : ''}${simbolo} ${numero}`;
}
