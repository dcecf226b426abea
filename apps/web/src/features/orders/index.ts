/**
 * The orders feature's public face: what other features may use. Its screens are reached through
 * the router (app/routes.ts); the order itself (keys, detail query, cache updates) is src/domain/orden.
 */
export { PARAMETROS_LISTA } from './model/filtros';
export { useEmpresasAsignables } from './api/get-empresas-asignables';
