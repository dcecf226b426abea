import { RUTAS, type EntregaExterno } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { enlaceCambiado } from '../model/cache';

/** POST /api/v4/externos/orden/{id}: hands the order to an outsider; the form shows a 400 at its field. */
export const { useMutacion: useEntregarAExterno } = mutacionDe(
  RUTAS.entregarAExterno,
  ({ ordenId, cuerpo }: { ordenId: number; cuerpo: EntregaExterno }) => ({ params: { id: ordenId }, cuerpo }),
  { errorSilencioso: true, alResponder: enlaceCambiado },
);
