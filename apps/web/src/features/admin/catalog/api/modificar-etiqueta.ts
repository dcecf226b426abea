import { zEtiqueta, type Etiqueta, type EtiquetaModificar } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { catalogoKeys } from '../../../../lib/catalogo-keys';
import type { ClaseEtiqueta } from '../../keys';
import { RUTAS_ETIQUETA } from './get-etiquetas';

/** PUT /api/v2/tipoOrden/{id} or /api/v3/areas/{id} {nombre, archivado?}: renames, restores. */
export function modificarEtiqueta(clase: ClaseEtiqueta, id: number, datos: EtiquetaModificar): Promise<Etiqueta> {
  return http.put(RUTAS_ETIQUETA[clase].una(id), datos, { esquema: zEtiqueta });
}

/** The caller shows the errors (on the field, or with `notificarError`). */
export function useModificarEtiqueta(clase: ClaseEtiqueta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...datos }: EtiquetaModificar & { id: number }) => modificarEtiqueta(clase, id, datos),
    meta: { errorSilencioso: true },
    onSuccess: (etiqueta) => {
      queryClient.setQueryData<Etiqueta[]>(catalogoKeys.lista(clase, { incluirArchivados: true }), (lista) =>
        lista?.map((e) => (e.id === etiqueta.id ? etiqueta : e)),
      );
      return queryClient.invalidateQueries({ queryKey: catalogoKeys.de(clase) });
    },
  });
}
