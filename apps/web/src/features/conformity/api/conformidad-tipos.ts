import { RUTAS } from '@delego/contract';
import { consultaDe, mutacionDe } from '../../../lib/consultas';
import { conformidadKeys } from '../keys';

/** GET /api/v2/tipoOrden/conformidad: what each order type requires (types not listed: «No se pide»). */
export const { useConsulta: useConformidadTipos } = consultaDe(RUTAS.conformidadTipos, conformidadKeys.tipos(), {
  errorSilencioso: true,
});

/** PUT /api/v2/tipoOrden/{id}/conformidad (altaEtiquetas). */
export const { useMutacion: useGuardarConformidadTipo } = mutacionDe(
  RUTAS.guardarConformidadTipo,
  ({ id, conformidad }: { id: number; conformidad: 'no' | 'antes_de_finalizar' | 'antes_de_facturar' }) => ({
    params: { id },
    cuerpo: { conformidad },
  }),
  {
    errorSilencioso: true,
    alResponder: (qc) => qc.invalidateQueries({ queryKey: conformidadKeys.tipos() }),
  },
);
