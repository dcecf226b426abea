export { planEstadoQueryOptions, usePlanEstado } from './api/get-plan-estado';
export { planKeys } from './keys';
export { PlanPanel } from './components/plan-panel';
export { textoCupo, textoRenovacion, tituloPlan, proporcionDisponible, colorBarra } from './plan-rules';
export { useEsIos } from './use-es-ios';
