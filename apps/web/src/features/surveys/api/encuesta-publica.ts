import { RUTAS, type ResponderEncuesta } from '@delego/contract';
import { consultaPor, mutacionDe } from '../../../lib/consultas';
import { encuestasKeys } from '../keys';

/** GET /api/v2/encuesta/publica?k= (no login): where the survey of the link stands. Records nothing. */
export const { useConsulta: useEncuestaPublica } = consultaPor(
  RUTAS.encuestaPublica,
  encuestasKeys.publica,
  (k: string) => ({ query: { k } }),
  { staleTime: Infinity, errorSilencioso: true },
);

/** POST /api/v2/encuesta/responder (no login): the answer is the page's new state. */
export const { useMutacion: useResponderEncuesta } = mutacionDe(
  RUTAS.responderEncuesta,
  (cuerpo: ResponderEncuesta) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: (queryClient, estado, { k }) => queryClient.setQueryData(encuestasKeys.publica(k), estado),
  },
);
