/**
 * The orders feature's public face: what other features may use. Its screens are reached through
 * the router (app/routes.ts); its query keys let the order's paperwork refresh what it shows, and
 * the order's detail and the company's people are read through its queries.
 */
export { ordenesKeys } from './keys';
export { PARAMETROS_LISTA } from './model/filtros';
export { useOrdenDetalle } from './api/get-orden-detalle';
export { useResponsablesDisponibles } from './api/get-responsables-disponibles';
/** What a change of an order updates in the cache (the outbox applies its answers the same way). */
export { ordenCambiada, ordenCreada } from './cache';
