/**
 * Service levels (issue 34): the «Horario y feriados» and «Niveles de servicio» screens are reached
 * through the router (app/routes.ts). The business calendar and the orders' countdown, which the
 * order screens show too, live in src/domain/sla.
 */
export { useCalendarioHabil } from './api/calendario';
export { slaKeys } from './keys';
