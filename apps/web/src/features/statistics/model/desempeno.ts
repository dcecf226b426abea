import type { DesempenoResponsable } from '@delego/contract';

/** The scorecard per responsable (demoras-usuario): its orders and what it asks a manager to look at. */

export type OrdenDesempeno = 'aTiempo' | 'vencidas' | 'demora' | 'finalizadas' | 'nombre';

export const NOMBRES_ORDEN_DESEMPENO: Record<OrdenDesempeno, string> = {
  aTiempo: 'Menor % a tiempo',
  vencidas: 'Más vencidas abiertas',
  demora: 'Mayor demora',
  finalizadas: 'Más finalizadas',
  nombre: 'Nombre',
};

export function nombreResponsable(r: DesempenoResponsable['responsable']): string {
  return `${r.nombre} ${r.apellido}`.trim() || r.usuario;
}

/** Nulls (nothing to measure) last, whatever the direction. */
function conNulos(a: number | null, b: number | null, ascendente: boolean): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return ascendente ? a - b : b - a;
}

/** The rows in the chosen order; ties by name. */
export function ordenarDesempeno(
  filas: readonly DesempenoResponsable[],
  orden: OrdenDesempeno,
): DesempenoResponsable[] {
  const porNombre = (a: DesempenoResponsable, b: DesempenoResponsable) =>
    nombreResponsable(a.responsable).localeCompare(nombreResponsable(b.responsable), 'es');
  const criterio: Record<OrdenDesempeno, (a: DesempenoResponsable, b: DesempenoResponsable) => number> = {
    aTiempo: (a, b) => conNulos(a.porcentajeATiempo, b.porcentajeATiempo, true),
    vencidas: (a, b) => b.vencidasAbiertas - a.vencidasAbiertas,
    demora: (a, b) => conNulos(a.medianaDemoraDias, b.medianaDemoraDias, false),
    finalizadas: (a, b) => b.finalizadas - a.finalizadas,
    nombre: () => 0,
  };
  return [...filas].sort((a, b) => criterio[orden](a, b) || porNombre(a, b));
}

/** What the scorecard says first: who has late open orders, and who finishes late most often. */
export function alertasDesempeno(filas: readonly DesempenoResponsable[], vencidasAbiertas: number): string[] {
  const alertas: string[] = [];
  const conVencidas = filas.filter((f) => f.vencidasAbiertas > 0);
  if (conVencidas.length > 0) {
    // The total counts each order once (the server's `vencidasAbiertas`): an order shared by two
    // people is in both their rows, so the sum of the rows would count it twice.
    const total = Math.max(vencidasAbiertas, 1);
    const ordenes = total === 1 ? '1 orden vencida sin finalizar' : `${total} órdenes vencidas sin finalizar`;
    const quienes = conVencidas.length === 1 ? '1 responsable' : `${conVencidas.length} responsables`;
    alertas.push(`${ordenes}, a cargo de ${quienes}.`);
  }
  const bajo = filas.filter((f) => f.porcentajeATiempo !== null && f.porcentajeATiempo < 70);
  if (bajo.length > 0) {
    const nombres = bajo.map((f) => nombreResponsable(f.responsable)).join(', ');
    alertas.push(`A tiempo por debajo del 70 %: ${nombres}.`);
  }
  return alertas;
}
