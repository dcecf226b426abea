import { RUTAS } from '@delego/contract';
import { mutacionImportar } from '../../shared/importar';
import { adminKeys } from '../../keys';

/**
 * POST /api/v4/clientes/importar: the preview or the import of the valid rows; after an import the
 * list of clients is read again (Inicio's first steps read theirs each time Inicio shows them).
 */
export const { useMutacion: useImportarClientes } = mutacionImportar(RUTAS.importarClientes, adminKeys.clientes());
