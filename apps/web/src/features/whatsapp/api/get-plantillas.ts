import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { whatsappKeys } from '../keys';

/** GET /api/v4/whatsapp/plantillas: the template of each kind of event and the mode (the screen shows its own error). */
export const { useConsulta: usePlantillasWhatsapp } = consultaDe(RUTAS.plantillasWhatsapp, whatsappKeys.plantillas(), {
  errorSilencioso: true,
});
