import { estadoInfo, TRANSICIONES, type EstadoId, type OrdenDetalle } from '@delego/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { enviarOEncolar, type Resultado } from '../../../lib/outbox';
import { ordenCambiada, ordenesKeys } from '../../../domain/orden';

export interface CambioEstado {
  id: number;
  estado: number;
  comentarios: string;
  /** The order's number, for the list of pending changes. */
  numero?: number;
}

/** "Orden #12 · Estado → En proceso": how a state change reads in the outbox. */
export function descripcionCambioEstado(numero: number | undefined, estado: number): string {
  return `Orden #${numero ?? '?'} · Estado → ${estadoInfo(estado)?.nombre ?? estado}`;
}

/** Offline: the detail shows the new state at once (the outbox sends it later; a refusal is shown there). */
function estadoOptimista(queryClient: QueryClient, { id, estado }: CambioEstado): void {
  const info = estadoInfo(estado);
  if (!info) return;
  queryClient.setQueryData<OrdenDetalle>(ordenesKeys.detalle(id), (o) =>
    o
      ? {
          ...o,
          estado: { id: info.id, nombre: info.nombre, color: info.color },
          acciones: { ...o.acciones, estadosSiguientes: [...(TRANSICIONES[estado as EstadoId] ?? [])] },
        }
      : o,
  );
}

/**
 * PUT /api/v2/estado/{id} {estado, comentarios}: every change carries a comment (SPEC §4). Without
 * a connection it waits in the outbox (lib/outbox) and the detail shows it at once; the answer
 * says which (`enviado` with the order as the server has it now, or `encolado`).
 */
export function useCambiarEstado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estado, comentarios, numero }: CambioEstado): Promise<Resultado<OrdenDetalle>> =>
      enviarOEncolar<OrdenDetalle>({
        tipo: 'estado',
        ordenId: id,
        descripcion: descripcionCambioEstado(numero, estado),
        cuerpo: { estado, comentarios },
      }),
    meta: { errorSilencioso: true },
    // Offline it still runs: the change goes to the outbox (TanStack would pause it).
    networkMode: 'always',
    onSuccess: (r, variables) => {
      if (r.tipo === 'enviado') ordenCambiada(queryClient, r.respuesta);
      else estadoOptimista(queryClient, variables);
    },
  });
}
