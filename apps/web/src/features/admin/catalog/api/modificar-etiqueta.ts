import type { Etiqueta, EtiquetaModificar } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { porClase, RUTAS_DE_ETIQUETA, type ClaseEtiqueta } from '../../../../lib/catalogos';
import { catalogoKeys } from '../../../../lib/catalogo-keys';

const MODIFICAR = porClase((clase) =>
  mutacionDe(
    RUTAS_DE_ETIQUETA[clase].modificar,
    ({ id, ...cuerpo }: EtiquetaModificar & { id: number }) => ({ params: { id }, cuerpo }),
    {
      errorSilencioso: true,
      alResponder: (queryClient, etiqueta) => {
        queryClient.setQueryData<Etiqueta[]>(catalogoKeys.lista(clase, { incluirArchivados: true }), (lista) =>
          lista?.map((e) => (e.id === etiqueta.id ? etiqueta : e)),
        );
        return queryClient.invalidateQueries({ queryKey: catalogoKeys.de(clase) });
      },
    },
  ),
);

/**
 * PUT /api/v2/tipoOrden/{id} or /api/v3/areas/{id} {nombre, archivado?}: renames, restores. The
 * caller shows the errors (on the field, or with `notificarError`).
 */
export function useModificarEtiqueta(clase: ClaseEtiqueta) {
  return MODIFICAR[clase].useMutacion();
}
