import type { RUTAS, ImportarPedido } from '@delego/contract';
import type { QueryKey } from '@tanstack/react-query';
import { mutacionDe } from '../../../lib/consultas';

/**
 * POST …/importar of clients or users: the preview (confirmar false, nothing written) or the
 * import of the valid rows. The screen shows the errors (errorSilencioso). After an import that
 * wrote something, the lists under `listas` are read again.
 */
export function mutacionImportar(
  ruta: typeof RUTAS.importarClientes | typeof RUTAS.importarUsuarios,
  listas: QueryKey,
) {
  return mutacionDe(ruta, (cuerpo: ImportarPedido) => ({ cuerpo }), {
    errorSilencioso: true,
    alResponder: async (queryClient, resultado) => {
      if (resultado.importadas === 0) return;
      await queryClient.invalidateQueries({ queryKey: listas });
    },
  });
}
