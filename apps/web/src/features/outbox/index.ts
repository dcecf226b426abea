/**
 * The outbox's face in the app (issue 17, docs/APP-DE-CAMPO.md "Trabajo sin conexión"): it runs
 * the outbox for the logged-in user and shows "N cambios pendientes" with their list.
 */
export { BandejaDeSalida } from './bandeja-provider';
export { CambiosPendientes } from './components/cambios-pendientes';
export { textoPendientes, useBandeja } from './use-bandeja';
