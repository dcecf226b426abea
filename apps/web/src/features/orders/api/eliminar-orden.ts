import { API_ORDENES } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenEliminada } from '../cache';

/** DELETE /api/v2/orden/{id}: the order leaves every list; its history stays. */
export async function eliminarOrden(id: number): Promise<void> {
  await http.delete(API_ORDENES.orden(id));
}

/** Deletes an order; a refusal goes to the 'Atención' alert. */
export function useEliminarOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eliminarOrden,
    onSuccess: (_r, id) => ordenEliminada(queryClient, id),
  });
}
