import { RUTAS, type SolicitudEnviada } from '@delego/contract';
import { llamarFormulario } from '../../../lib/http';

/** POST /api/v4/publico/q/{codigo}/pedido (no session, multipart as the link's, the place the label's). */
export function enviarSolicitudQr(
  codigo: string,
  formulario: FormData,
  signal?: AbortSignal,
): Promise<SolicitudEnviada> {
  return llamarFormulario(RUTAS.enviarSolicitudQr, formulario, { params: { codigo }, signal });
}
