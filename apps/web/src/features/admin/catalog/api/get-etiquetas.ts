import { API_ADMIN, zEtiqueta, type Etiqueta } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { catalogoKeys } from '../../../../lib/catalogo-keys';
import type { ClaseEtiqueta } from '../../keys';

const zLista = zEtiqueta.array();

export const RUTAS_ETIQUETA = {
  tipos: { lista: API_ADMIN.tiposOrden, crear: API_ADMIN.crearTipoOrden, una: API_ADMIN.tipoOrden },
  areas: { lista: API_ADMIN.areas, crear: API_ADMIN.crearArea, una: API_ADMIN.area },
} as const;

/** GET /api/v2/tipoOrden/all or /api/v3/areas/all, archived ones included. */
export function getEtiquetas(clase: ClaseEtiqueta, signal?: AbortSignal): Promise<Etiqueta[]> {
  return http.get(RUTAS_ETIQUETA[clase].lista, { query: { incluirArchivados: true }, esquema: zLista, signal });
}

export function etiquetasQueryOptions(clase: ClaseEtiqueta) {
  return queryOptions({
    queryKey: catalogoKeys.lista(clase, { incluirArchivados: true }),
    queryFn: ({ signal }) => getEtiquetas(clase, signal),
  });
}

export function useEtiquetas(clase: ClaseEtiqueta) {
  return useQuery(etiquetasQueryOptions(clase));
}
