import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { planKeys } from '../../../domain/plans';

/** GET /api/v2/plan/all: the plans to choose from, the company's current one marked. The screen shows its own error. */
export const { opciones: planesQueryOptions, useConsulta: usePlanes } = consultaDe(RUTAS.planes, planKeys.catalogo(), {
  errorSilencioso: true,
});
