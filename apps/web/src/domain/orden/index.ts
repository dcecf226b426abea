/**
 * The order as several features see it (issue 29): its query keys, the detail query, what a change
 * of an order updates in the cache, and who may be made responsable. The orders feature (its
 * screens) and the order's paperwork (files, hours and expenses, reports, the client's side) all
 * build on it, so none of them needs another feature to reach the order.
 */
export { ordenesKeys } from './keys';
export { useOrdenDetalle } from './api/get-orden-detalle';
export { useResponsablesDisponibles, type ResponsableDisponible } from './api/get-responsables-disponibles';
/** What a change of an order updates in the cache (the outbox applies its answers the same way). */
export { ordenCambiada, ordenCreada, ordenEliminada } from './cache';
/** This app's deletion of an order, and whether it deleted one (its live message then asks nothing). */
export { ELIMINAR_ORDEN, eliminadaAqui } from './cache';
