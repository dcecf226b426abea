import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ELIMINAR_ORDEN, ordenEliminada } from '../../../domain/orden';

/**
 * DELETE /api/v2/orden/{id}: the order leaves every list; its history stays. The server answers
 * `{ ok }`; a refusal goes to the 'Atención' alert.
 */
export const { useMutacion: useEliminarOrden } = mutacionDe(RUTAS.eliminarOrden, (id: number) => ({ params: { id } }), {
  clave: ELIMINAR_ORDEN,
  alResponder: (queryClient, _respuesta, id) => ordenEliminada(queryClient, id),
});
