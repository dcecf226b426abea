import { RUTAS, type PlantillaGuardar } from '@delego/contract';
import { consultaPor, mutacionDe } from '../../../lib/consultas';
import { checklistKeys } from '../keys';

/** GET /api/v2/checklist/plantilla/{tipoOrdenId}: an order type's current template (version 0: none). */
export const { useConsulta: usePlantilla } = consultaPor(
  RUTAS.plantillaChecklist,
  checklistKeys.plantilla,
  (tipoOrdenId: number) => ({ params: { tipoOrdenId } }),
  { errorSilencioso: true },
);

/** PUT /api/v2/checklist/plantilla/{tipoOrdenId}: the whole template, a new version (altaEtiquetas). */
export const { useMutacion: useGuardarPlantilla } = mutacionDe(
  RUTAS.guardarPlantillaChecklist,
  ({ tipoOrdenId, plantilla }: { tipoOrdenId: number; plantilla: PlantillaGuardar }) => ({
    params: { tipoOrdenId },
    cuerpo: plantilla,
  }),
  {
    errorSilencioso: true,
    alResponder: (qc, r) => qc.setQueryData(checklistKeys.plantilla(r.tipoOrdenId), r),
  },
);
