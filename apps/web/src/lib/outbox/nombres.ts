/**
 * Where the outbox lives in IndexedDB: its database and its store. Apart from almacen.ts so that
 * the first-stage Inicio (features/orders/inicio-ligero/bandeja-ligera.ts) can look at it without
 * idb-keyval or Zod.
 */
export const BASE_BANDEJA = 'delego-bandeja';
export const ALMACEN_BANDEJA = 'cambios';
