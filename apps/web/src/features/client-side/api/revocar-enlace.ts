import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { enlaceCambiado } from '../model/cache';

/** DELETE /api/v2/orden/{id}/compartir: the link answers "no disponible" from now on. */
export const { useMutacion: useRevocarEnlace } = mutacionDe(RUTAS.revocarEnlace, (id: number) => ({ params: { id } }), {
  alResponder: enlaceCambiado,
});
