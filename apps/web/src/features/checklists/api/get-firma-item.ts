import { RUTAS } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { llamarArchivo } from '../../../lib/http';
import { checklistKeys } from '../keys';

/** GET /api/v2/checklist/orden/{id}/item/{itemId}/firma: a signature item's image, with the session. */
export function useFirmaItem(ordenId: number, itemId: number, en: number | null) {
  return useQuery({
    queryKey: checklistKeys.firma(ordenId, itemId, en ?? 0),
    queryFn: async ({ signal }) =>
      (await llamarArchivo(RUTAS.firmaChecklist, { params: { id: ordenId, itemId }, signal })).blob,
    enabled: en !== null,
    staleTime: Infinity,
    meta: { errorSilencioso: true },
  });
}
