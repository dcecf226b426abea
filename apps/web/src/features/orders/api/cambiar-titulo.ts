import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenCambiada } from '../../../domain/orden';

/** POST /api/v2/titulo/{id} {titulo}. */
export const { useMutacion: useCambiarTitulo } = mutacionDe(
  RUTAS.cambiarTitulo,
  ({ id, titulo }: { id: number; titulo: string }) => ({ params: { id }, cuerpo: { titulo } }),
  { errorSilencioso: true, alResponder: ordenCambiada },
);
