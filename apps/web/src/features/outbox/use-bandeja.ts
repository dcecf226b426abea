import { useSyncExternalStore } from 'react';
import { leerBandeja, suscribirBandeja, type EstadoBandeja } from '../../lib/outbox';

/** The current user's outbox, as it changes. */
export function useBandeja(): EstadoBandeja {
  return useSyncExternalStore(suscribirBandeja, leerBandeja, leerBandeja);
}

/** "1 cambio pendiente", "3 cambios pendientes". */
export function textoPendientes(n: number): string {
  return n === 1 ? '1 cambio pendiente' : `${n} cambios pendientes`;
}
