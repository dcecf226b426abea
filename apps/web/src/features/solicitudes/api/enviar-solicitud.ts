import { RUTAS, type SolicitudEnviada } from '@delego/contract';
import { llamarFormulario } from '../../../lib/http';

/**
 * POST /api/v4/publico/solicitud (no session, multipart: `k`, the fields and the `fotos` parts;
 * model/formulario.ts builds it). The same `clave` twice is one request.
 */
export function enviarSolicitud(formulario: FormData, signal?: AbortSignal): Promise<SolicitudEnviada> {
  return llamarFormulario(RUTAS.enviarSolicitud, formulario, { signal });
}
