import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { enlaceCambiado } from '../model/cache';

/** POST /api/v2/orden/{id}/compartir: creates the link, or renews it (the previous one stops working). */
export const { useMutacion: useCrearEnlace } = mutacionDe(RUTAS.crearEnlace, (id: number) => ({ params: { id } }), {
  alResponder: enlaceCambiado,
});
