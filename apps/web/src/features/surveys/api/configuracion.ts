import { RUTAS, type ConfigEncuestas } from '@delego/contract';
import { consultaDe, mutacionDe } from '../../../lib/consultas';
import { encuestasKeys } from '../keys';

/** GET /api/v2/encuesta/configuracion: whether finishing an order sends its survey by itself. */
export const { useConsulta: useConfigEncuestas } = consultaDe(RUTAS.configEncuestas, encuestasKeys.configuracion(), {
  errorSilencioso: true,
});

/** PUT /api/v2/encuesta/configuracion (admins): the answer is the new setting. */
export const { useMutacion: useGuardarConfigEncuestas } = mutacionDe(
  RUTAS.guardarConfigEncuestas,
  (cuerpo: ConfigEncuestas) => ({ cuerpo }),
  { alResponder: (queryClient, config) => queryClient.setQueryData(encuestasKeys.configuracion(), config) },
);
