import { RUTAS } from '@delego/contract';
import { mutacionImportar } from '../../shared/importar';
import { adminKeys } from '../../keys';

/**
 * POST /api/v4/usuarios/importar: the preview (nothing written nor sent) or the import of the valid
 * rows, each invited by mail; after an import the lists of users are read again.
 */
export const { useMutacion: useImportarUsuarios } = mutacionImportar(RUTAS.importarUsuarios, adminKeys.usuarios());
