import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { archivosKeys } from '../keys';

/**
 * GET /api/v2/archivos/{id}: the order's files, with who uploaded them and when. The screens show
 * their own error state (not found, no access) with a retry button.
 */
const archivos = consultaPorId(RUTAS.archivos, archivosKeys.lista, { errorSilencioso: true });

export const archivosQueryOptions = archivos.opciones;
export const useArchivos = archivos.useConsulta;
