export { planEstadoQueryOptions, usePlanEstado } from './api/get-plan-estado';
export { PlanPanel } from './components/plan-panel';
export { CupoAgotado } from './components/cupo-agotado';
export { textoCupo, textoRenovacion, tituloPlan, proporcionDisponible, colorBarra, cupoAgotado } from './plan-rules';
export { useEsIos } from './use-es-ios';
