import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { conformidadKeys } from '../keys';

/** GET /api/v2/orden/{id}/conformidad: what the type requires, the state, the signature and the remote answer. */
export const { useConsulta: useConformidad } = consultaPorId(RUTAS.conformidadOrden, conformidadKeys.orden, {
  errorSilencioso: true,
});
