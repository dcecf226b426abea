import { zEtiquetaBorrada, type EtiquetaBorrada } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { catalogoKeys } from '../../../../lib/catalogo-keys';
import type { ClaseEtiqueta } from '../../keys';
import { RUTAS_ETIQUETA } from './get-etiquetas';

/**
 * DELETE /api/v2/tipoOrden/{id} or /api/v3/areas/{id}: deletes it, or archives it when orders
 * use it; `message` says which.
 */
export function borrarEtiqueta(clase: ClaseEtiqueta, id: number): Promise<EtiquetaBorrada> {
  return http.delete(RUTAS_ETIQUETA[clase].una(id), { esquema: zEtiquetaBorrada });
}

/** Errors reach the 'Atención' alert. */
export function useBorrarEtiqueta(clase: ClaseEtiqueta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => borrarEtiqueta(clase, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.de(clase) }),
  });
}
