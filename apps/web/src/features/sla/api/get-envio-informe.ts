import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { slaKeys } from '../keys';

/** GET /api/v4/sla/envio-informe/{id}: whether the client gets the monthly report by mail, and where. */
export const { useConsulta: useEnvioInformeSla } = consultaPorId(RUTAS.envioInformeSla, slaKeys.envioInforme, {
  errorSilencioso: true,
});
