import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { solicitudPublicaKeys } from '../keys';

/**
 * GET /api/v4/publico/solicitud/seguimiento?t= (no session): where a request stands. Read again
 * when the page regains focus (the query client's default), so a decision shows on return.
 */
export const { useConsulta: useSeguimientoSolicitud } = consultaPor(
  RUTAS.seguimientoSolicitud,
  solicitudPublicaKeys.seguimiento,
  (t: string) => ({ query: { t } }),
  { errorSilencioso: true, staleTime: 0 },
);
