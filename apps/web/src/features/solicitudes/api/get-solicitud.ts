import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { solicitudesKeys } from '../keys';

/** GET /api/v4/solicitudes/{id}: one request with its contact, place and photos (the screen shows its own error). */
export const { useConsulta: useSolicitud } = consultaPorId(RUTAS.solicitud, solicitudesKeys.detalle, {
  errorSilencioso: true,
});
