/**
 * Service levels as several features see them (issue 34): the company's business calendar (its
 * query key and query), and an order's countdown, which the order list and detail (features/orders)
 * show and whose arithmetic is the contract's. The screens that set them up are features/sla.
 */
export { slaKeys } from './keys';
export { useCalendarioHabil, useCalendarioDePlazos } from './api';
export { CuentaRegresivaSla, NivelDeServicioDeOrden } from './cuenta-regresiva-sla';
export { estadoDePlazo, jornadaMs, textoDuracionHabil, textoObjetivo, type NivelPlazo } from './plazo';
