import { RUTAS } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { llamarArchivo } from '../../../lib/http';
import { conformidadKeys } from '../keys';

/** GET /api/v2/orden/{id}/conformidad/firma: the signature image, with the session (it is not public). */
export function useImagenFirma(ordenId: number, registrada: number | null) {
  return useQuery({
    queryKey: conformidadKeys.imagen(ordenId, registrada ?? 0),
    queryFn: async ({ signal }) => (await llamarArchivo(RUTAS.imagenFirma, { params: { id: ordenId }, signal })).blob,
    enabled: registrada !== null,
    staleTime: Infinity,
    meta: { errorSilencioso: true },
  });
}
