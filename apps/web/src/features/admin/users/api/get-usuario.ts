import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** GET /api/v4/usuario/{id}: one user; nothing is fetched while the id is null (a new user). */
export const { useConsulta: useUsuario } = consultaPorId(RUTAS.usuario, adminKeys.usuario);
