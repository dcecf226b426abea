import { RUTAS, type ImportarPedido } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/**
 * POST /api/v4/clientes/importar: the preview (confirmar false, nothing written) or the import of
 * the valid rows. The screen shows the errors. After an import the list of clients is read again
 * (Inicio's first steps read theirs each time Inicio shows them).
 */
export const { useMutacion: useImportarClientes } = mutacionDe(
  RUTAS.importarClientes,
  (cuerpo: ImportarPedido) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: async (queryClient, resultado) => {
      if (resultado.importadas === 0) return;
      await queryClient.invalidateQueries({ queryKey: adminKeys.clientes() });
    },
  },
);
