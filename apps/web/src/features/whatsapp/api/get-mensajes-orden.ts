import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { whatsappKeys } from '../keys';

/**
 * GET /api/v4/whatsapp/orden/{id}: the order's WhatsApp messages with each status. A failure
 * raises no alert: the order's history shows without them.
 */
export const { useConsulta: useMensajesWhatsappOrden } = consultaPorId(
  RUTAS.mensajesWhatsappOrden,
  whatsappKeys.mensajesOrden,
  { errorSilencioso: true },
);
