import { RUTAS, type ImportarPedido } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/**
 * POST /api/v4/usuarios/importar: the preview (confirmar false, nothing written nor sent) or the
 * import of the valid rows, each invited by mail. The screen shows the errors. After an import the
 * lists of users are read again.
 */
export const { useMutacion: useImportarUsuarios } = mutacionDe(
  RUTAS.importarUsuarios,
  (cuerpo: ImportarPedido) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: async (queryClient, resultado) => {
      if (resultado.importadas === 0) return;
      await queryClient.invalidateQueries({ queryKey: adminKeys.usuarios() });
    },
  },
);
