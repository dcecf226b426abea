import { RUTAS, type OrdenGuardar } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenCambiada, ordenCreada } from '../cache';

/**
 * POST /api/v2/ordenes/save {orden}: creates (no id) or updates (id) an order. The form shows the
 * errors (on a field, or the alert for a refused save such as an exhausted quota), so the mutation
 * does not report them itself.
 */
export const { useMutacion: useGuardarOrden } = mutacionDe(RUTAS.guardarOrden, (cuerpo: OrdenGuardar) => ({ cuerpo }), {
  errorSilencioso: true,
  alResponder: (queryClient, orden, datos) =>
    datos.id ? ordenCambiada(queryClient, orden) : ordenCreada(queryClient, orden),
});
