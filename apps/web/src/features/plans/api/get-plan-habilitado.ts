import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { planKeys } from '../../../domain/plans';

/** GET /api/v2/plan/habilitado: whether this user may change the plan, and whether the server is in test mode. */
export const { useConsulta: usePlanHabilitado } = consultaDe(RUTAS.planHabilitado, planKeys.habilitado(), {
  errorSilencioso: true,
});
