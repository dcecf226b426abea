/**
 * Scheduled maintenance (issue 32): its screen is reached through the router (app/routes.ts); the
 * plan panel shows what the schedules will create this period.
 */
export { ProgramadasDelPlan } from './components/programadas-del-plan';
export { useProyeccionCupo } from './api/mantenimientos';
