import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenCambiada } from '../../../domain/orden';

export interface CambioResponsables {
  id: number;
  /** One id (cambio-responsable) or several (responsables-multiples). */
  responsable: number | number[];
  comentarios?: string | null;
}

/** PUT /api/v3/responsable/{id} {responsable, comentarios}: replaces the responsables. */
export const { useMutacion: useCambiarResponsables } = mutacionDe(
  RUTAS.cambiarResponsables,
  ({ id, ...cuerpo }: CambioResponsables) => ({ params: { id }, cuerpo }),
  { errorSilencioso: true, alResponder: ordenCambiada },
);
