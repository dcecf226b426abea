import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { encuestasKeys } from '../keys';

/** GET /api/v2/encuesta/orden/{id}: the order's surveys, the client's email, the sends left. */
export const { useConsulta: useEncuestasDeOrden } = consultaPorId(RUTAS.encuestasDeOrden, encuestasKeys.deOrden, {
  errorSilencioso: true,
});
