/** «$ 1.500,50 ARS»: an amount as the contractor reads it (es-AR), with its currency's code. */
export function formatearMonto(monto: number, moneda: string): string {
  const numero = Number.isFinite(monto)
    ? monto.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : String(monto);
  return `${numero} ${moneda}`;
}
