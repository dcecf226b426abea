import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { clientePublicoKeys } from '../keys';

/** POST /api/v2/ordersummary/encuesta (no login): the order's pending survey, from the summary. */
export const { useMutacion: useResponderEncuesta } = mutacionDe(
  RUTAS.encuestaDesdeResumen,
  (cuerpo: { k: string; puntaje: number; comentario?: string }) => ({ cuerpo, autenticada: false }),
  {
    errorSilencioso: true,
    alResponder: (qc, _r, { k }) => qc.invalidateQueries({ queryKey: clientePublicoKeys.resumen(k) }),
  },
);
