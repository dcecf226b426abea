import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { catalogoKeys } from '../../../../lib/catalogo-keys';

/**
 * POST /api/v2/e5s/areas/importar {csv}: replaces the whole catalogue, or changes nothing. The
 * screen shows the file's errors line by line, so the mutation does not report them.
 */
export const { useMutacion: useImportarE5s } = mutacionDe(RUTAS.e5sImportar, (csv: string) => ({ cuerpo: { csv } }), {
  errorSilencioso: true,
  alResponder: (queryClient) => queryClient.invalidateQueries({ queryKey: catalogoKeys.de('e5s') }),
});
