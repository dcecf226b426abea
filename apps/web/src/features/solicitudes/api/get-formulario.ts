import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { solicitudPublicaKeys } from '../keys';

/**
 * GET /api/v4/publico/solicitud?k= (no session): who the request form of a client's link goes to.
 * 404 and 410 are pages of their own (not retried: the query client retries no 4xx).
 */
export const { useConsulta: useFormularioSolicitud } = consultaPor(
  RUTAS.formularioSolicitud,
  solicitudPublicaKeys.formulario,
  (k: string) => ({ query: { k } }),
  { errorSilencioso: true, staleTime: Infinity },
);
