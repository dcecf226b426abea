import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { whatsappKeys } from '../keys';

/** GET /api/v4/whatsapp/canales: the user's channels per kind of event, number and consent (the section shows its own error). */
export const { useConsulta: useCanalesAviso } = consultaDe(RUTAS.canalesAviso, whatsappKeys.canales(), {
  errorSilencioso: true,
});
