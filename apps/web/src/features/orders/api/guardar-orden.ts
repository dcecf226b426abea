import { RUTAS, type OrdenDetalle, type OrdenGuardar } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { enviarOEncolar, type Resultado } from '../../../lib/outbox';
import { ordenCambiada, ordenCreada } from '../../../domain/orden';

/**
 * POST /api/v2/ordenes/save {orden}: creates (no id) or updates (id) an order. The form shows the
 * errors (on a field, or the alert for a refused save such as an exhausted quota), so the mutation
 * does not report them itself. A new order made without a connection waits in the outbox
 * (lib/outbox) and the answer says `encolado`; changing an existing one needs the connection.
 */
export function useGuardarOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cuerpo: OrdenGuardar): Promise<Resultado<OrdenDetalle>> => {
      if (cuerpo.id) return { tipo: 'enviado', respuesta: await llamar(RUTAS.guardarOrden, { cuerpo }) };
      return enviarOEncolar<OrdenDetalle>({
        tipo: 'orden',
        ordenId: null,
        descripcion: `Nueva orden: ${cuerpo.titulo}`,
        cuerpo,
      });
    },
    meta: { errorSilencioso: true },
    // Offline a new order still goes (to the outbox); TanStack would pause it.
    networkMode: 'always',
    onSuccess: (r, datos) => {
      if (r.tipo !== 'enviado') return;
      if (datos.id) ordenCambiada(queryClient, r.respuesta);
      else ordenCreada(queryClient, r.respuesta);
    },
  });
}
