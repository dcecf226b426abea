import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { whatsappKeys } from '../keys';

/** GET /api/v4/whatsapp/clientes/{id}: a client's number, consent and opt-out (administrators; the section shows its own error). */
export const { useConsulta: useWhatsappCliente } = consultaPorId(RUTAS.whatsappCliente, whatsappKeys.cliente, {
  errorSilencioso: true,
});
