import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenCambiada } from '../../../domain/orden';

/** POST /api/v2/detalle/{id} {detalle}. */
export const { useMutacion: useCambiarDetalle } = mutacionDe(
  RUTAS.cambiarDetalle,
  ({ id, detalle }: { id: number; detalle: string }) => ({ params: { id }, cuerpo: { detalle } }),
  { errorSilencioso: true, alResponder: ordenCambiada },
);
