import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenCambiada } from '../cache';

export interface CambioEstado {
  id: number;
  estado: number;
  comentarios: string;
}

/** PUT /api/v2/estado/{id} {estado, comentarios}: every change carries a comment (SPEC §4). */
export const { useMutacion: useCambiarEstado } = mutacionDe(
  RUTAS.cambiarEstado,
  ({ id, ...cuerpo }: CambioEstado) => ({ params: { id }, cuerpo }),
  { errorSilencioso: true, alResponder: ordenCambiada },
);
