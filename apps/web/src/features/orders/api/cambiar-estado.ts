import { RUTAS, type OrdenDetalle } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { ordenCambiada } from '../cache';

export interface CambioEstado {
  id: number;
  estado: number;
  comentarios: string;
}

/** PUT /api/v2/estado/{id} {estado, comentarios}: every change carries a comment (SPEC §4). */
export function cambiarEstado({ id, ...cuerpo }: CambioEstado): Promise<OrdenDetalle> {
  return llamar(RUTAS.cambiarEstado, { params: { id }, cuerpo });
}

export function useCambiarEstado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarEstado,
    meta: { errorSilencioso: true },
    onSuccess: (orden) => ordenCambiada(queryClient, orden),
  });
}
