/**
 * Service levels (issue 34): the «Horario y feriados» screen is reached through the router
 * (app/routes.ts). The business calendar is read by whatever counts business time next.
 */
export { useCalendarioHabil } from './api/calendario';
export { slaKeys } from './keys';
