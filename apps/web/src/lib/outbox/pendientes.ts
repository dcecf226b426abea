import { useMemo, useSyncExternalStore } from 'react';
import { leerBandeja, suscribirBandeja } from './bandeja';
import type { Cambio, TipoCambio } from './tipos';

/**
 * The changes of one kind waiting in the outbox for one order (null: new orders), in the order
 * they were made: what a screen shows at once, marked «pendiente», where the work belongs
 * (issue 36, docs/APP-DE-CAMPO.md «Trabajo sin conexión»).
 */
export function pendientesDe(cambios: readonly Cambio[], tipo: TipoCambio, ordenId: number | null): Cambio[] {
  return cambios.filter((c) => c.tipo === tipo && c.ordenId === ordenId);
}

/** Every change of one order waiting in the outbox (its history shows them, with when they were made). */
export function pendientesDeOrden(cambios: readonly Cambio[], ordenId: number | null): Cambio[] {
  return ordenId === null ? [] : cambios.filter((c) => c.ordenId === ordenId);
}

/** `pendientesDeOrden` over the current user's outbox, as it changes. */
export function usePendientesDeOrden(ordenId: number | null): Cambio[] {
  const { cambios } = useSyncExternalStore(suscribirBandeja, leerBandeja, leerBandeja);
  return useMemo(() => pendientesDeOrden(cambios, ordenId), [cambios, ordenId]);
}

/** Every change of one kind waiting in the outbox, for any order, as the outbox changes. */
export function usePendientesDeTipo(tipo: TipoCambio): Cambio[] {
  const { cambios } = useSyncExternalStore(suscribirBandeja, leerBandeja, leerBandeja);
  return useMemo(() => cambios.filter((c) => c.tipo === tipo), [cambios, tipo]);
}

/** `pendientesDe` over the current user's outbox, as it changes. */
export function usePendientes(tipo: TipoCambio, ordenId: number | null): Cambio[] {
  const { cambios } = useSyncExternalStore(suscribirBandeja, leerBandeja, leerBandeja);
  return useMemo(() => pendientesDe(cambios, tipo, ordenId), [cambios, tipo, ordenId]);
}

/**
 * A new order waiting in the outbox, by the key of its change, and the changes linked to it (its
 * files, issue 36); `alta` is undefined once it left the outbox (created, or discarded).
 */
export function pendientesDeAlta(cambios: readonly Cambio[], clave: string): { alta?: Cambio; enlazados: Cambio[] } {
  return {
    alta: cambios.find((c) => c.id === clave && c.tipo === 'orden'),
    enlazados: cambios.filter((c) => c.ordenClave === clave),
  };
}

/** `pendientesDeAlta` over the current user's outbox, as it changes. */
export function usePendientesDeAlta(clave: string): { alta?: Cambio; enlazados: Cambio[] } {
  const { cambios } = useSyncExternalStore(suscribirBandeja, leerBandeja, leerBandeja);
  return useMemo(() => pendientesDeAlta(cambios, clave), [cambios, clave]);
}
