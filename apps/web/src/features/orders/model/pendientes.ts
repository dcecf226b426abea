import type { Cambio } from '../../../lib/outbox';
import { filtrosAvanzados, idsDeEstados, type FiltrosLista } from './filtros';

/** An order created on this device that waits in the outbox: the server gives it its number. */
export interface OrdenNueva {
  clave: string;
  estado: Cambio['estado'];
  titulo: string;
  /** How many files were attached to it while creating it (issue 36), waiting behind it. */
  archivos: number;
}

/** The new orders waiting in the outbox (`orden` changes), in the order they were made. */
export function ordenesNuevasPendientes(cambios: readonly Cambio[]): OrdenNueva[] {
  const nuevas: OrdenNueva[] = [];
  for (const c of cambios) {
    if (c.tipo !== 'orden' || c.ordenId !== null) continue;
    const titulo = (c.cuerpo as { titulo?: unknown } | null)?.titulo;
    const archivos = cambios
      .filter((d) => d.tipo === 'archivos' && d.ordenClave === c.id)
      .reduce((n, d) => n + (d.archivos?.length ?? 0), 0);
    nuevas.push({
      clave: c.id,
      estado: c.estado,
      titulo: typeof titulo === 'string' ? titulo : 'Nueva orden',
      archivos,
    });
  }
  return nuevas;
}

/**
 * Whether a list shows the new orders waiting to be sent: they start Pendiente, so a list of that
 * state (the default «Abiertas», «Todas», «Pendiente») without a search or another filter they
 * might not match.
 */
export function muestraOrdenesNuevas(f: FiltrosLista): boolean {
  const estados = idsDeEstados(f.estados);
  return (
    !f.vencidas &&
    f.buscar.trim() === '' &&
    filtrosAvanzados(f).length === 0 &&
    (estados === null || estados.includes(1))
  );
}

/**
 * The state each order will have once its queued state changes reach the server: the last one
 * waiting of each order (a refused one is not shown as its state; the list of pending changes says
 * why). The list shows it at once, marked «pendiente» (issue 36).
 */
export function estadosPendientes(cambios: readonly Cambio[]): ReadonlyMap<number, number> {
  const estados = new Map<number, number>();
  for (const c of cambios) {
    if (c.tipo !== 'estado' || c.ordenId === null || c.estado !== 'pendiente') continue;
    const estado = (c.cuerpo as { estado?: unknown } | null)?.estado;
    if (typeof estado === 'number') estados.set(c.ordenId, estado);
  }
  return estados;
}
