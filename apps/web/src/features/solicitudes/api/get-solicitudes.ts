import { RUTAS, type EstadoSolicitud } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { solicitudesKeys } from '../keys';

/** GET /api/v4/solicitudes?estado=: the inbox of one state, newest first (the screen shows its own error). */
export const { useConsulta: useSolicitudes } = consultaPor(
  RUTAS.solicitudes,
  solicitudesKeys.lista,
  (estado: EstadoSolicitud) => ({ query: { estado } }),
  { errorSilencioso: true },
);
