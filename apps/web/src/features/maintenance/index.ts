/**
 * Scheduled maintenance (issue 32): its screen is reached through the router (app/routes.ts); the
 * plan panel shows what the schedules will create this period; the equipo's screen lists its plans.
 */
export { ProgramadasDelPlan } from './components/programadas-del-plan';
export { useMantenimientos, useProyeccionCupo } from './api/mantenimientos';
export { textoDeRegla, textoProximas } from './model/regla';
