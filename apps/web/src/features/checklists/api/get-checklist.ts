import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { checklistKeys } from '../keys';

/** GET /api/v2/checklist/orden/{id}: the order's checklist, progress, missing required items, follow-ups. */
export const { useConsulta: useChecklist, opciones: opcionesChecklist } = consultaPorId(
  RUTAS.checklistOrden,
  checklistKeys.orden,
  { errorSilencioso: true },
);
