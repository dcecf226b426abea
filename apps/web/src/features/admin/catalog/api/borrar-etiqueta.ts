import { mutacionDe } from '../../../../lib/consultas';
import { porClase, RUTAS_DE_ETIQUETA, type ClaseEtiqueta } from '../../../../lib/catalogos';
import { catalogoKeys } from '../../../../lib/catalogo-keys';

const BORRAR = porClase((clase) =>
  mutacionDe(RUTAS_DE_ETIQUETA[clase].borrar, (id: number) => ({ params: { id } }), {
    alResponder: (queryClient) => queryClient.invalidateQueries({ queryKey: catalogoKeys.de(clase) }),
  }),
);

/**
 * DELETE /api/v2/tipoOrden/{id} or /api/v3/areas/{id}: deletes it, or archives it when orders
 * use it; `message` says which. Errors reach the 'Atención' alert.
 */
export function useBorrarEtiqueta(clase: ClaseEtiqueta) {
  return BORRAR[clase].useMutacion();
}
