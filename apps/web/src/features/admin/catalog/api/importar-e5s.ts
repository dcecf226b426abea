import { API_ADMIN, zE5sImportado, type E5sImportado } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { catalogoKeys } from '../../../../lib/catalogo-keys';

/** POST /api/v2/e5s/areas/importar {csv}: replaces the whole catalogue, or changes nothing. */
export function importarE5s(csv: string): Promise<E5sImportado> {
  return http.post(API_ADMIN.e5sImportar, { csv }, { esquema: zE5sImportado });
}

/** The screen shows the file's errors line by line, so the mutation does not report them. */
export function useImportarE5s() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importarE5s,
    meta: { errorSilencioso: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.de('e5s') }),
  });
}
