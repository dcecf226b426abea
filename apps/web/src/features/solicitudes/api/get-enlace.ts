import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { solicitudesKeys } from '../keys';

/** GET /api/v4/solicitudes/enlace/{clienteId}: a client's request link (administrators; the section shows its own error). */
export const { useConsulta: useEnlaceSolicitudes } = consultaPorId(RUTAS.enlaceSolicitudes, solicitudesKeys.enlace, {
  errorSilencioso: true,
});
