import { API_ORDENES, zOrdenDetalle, type OrdenDetalle, type OrdenGuardar } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenCambiada, ordenCreada } from '../cache';

/** POST /api/v2/ordenes/save {orden}: creates (no id) or updates (id) an order. */
export function guardarOrden(orden: OrdenGuardar): Promise<OrdenDetalle> {
  return http.post(API_ORDENES.guardar, orden, { esquema: zOrdenDetalle });
}

/**
 * Saves an order. The form shows the errors (on a field, or the alert for a refused save such as
 * an exhausted quota), so the mutation does not report them itself.
 */
export function useGuardarOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarOrden,
    meta: { errorSilencioso: true },
    onSuccess: (orden, datos) => {
      if (datos.id) ordenCambiada(queryClient, orden);
      else ordenCreada(queryClient, orden);
    },
  });
}
