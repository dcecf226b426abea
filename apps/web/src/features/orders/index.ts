/**
 * The orders feature's public face: what other features may use. Its screens are reached through
 * the router (app/routes.ts); the order itself (keys, detail query, cache updates) is src/domain/orden.
 */
export { PARAMETROS_LISTA } from './model/filtros';
/** The clients that have orders the user can see, and a person's name as the order screens write it (the calendar's filters). */
export { useClientesUsados } from './api/get-clientes-usados';
export { nombrePersona, textoResponsables } from './model/formato-ligero';
export { OrdenItem } from './components/orden-item';
export { useEmpresasAsignables } from './api/get-empresas-asignables';
