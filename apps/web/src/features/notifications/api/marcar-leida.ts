import { RUTAS, type Notificacion } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { notificacionesKeys } from '../keys';
import { marcarComoLeida } from '../model/lista';

/** PUT /api/v2/notificaciones/leida/{id}: answers `{ ok }`. */
export function marcarLeida(id: number): Promise<{ ok: boolean }> {
  return llamar(RUTAS.notificacionLeida, { params: { id } });
}

/** Marks one as read at once in every cached list, then on the server. */
export function useMarcarLeida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarLeida,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: notificacionesKeys.listas() });
      queryClient.setQueriesData<Notificacion[]>({ queryKey: notificacionesKeys.listas() }, (lista) =>
        lista ? marcarComoLeida(lista, id) : lista,
      );
    },
    onSettled: (_dato, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: notificacionesKeys.listas() });
    },
  });
}
