import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/**
 * GET /api/v4/usuario/{id}: one user; nothing is fetched while the id is null (a new user). Every
 * screen that reads it shows its own error or not-found state: no alert over it.
 */
export const { useConsulta: useUsuario } = consultaPorId(RUTAS.usuario, adminKeys.usuario, { errorSilencioso: true });
