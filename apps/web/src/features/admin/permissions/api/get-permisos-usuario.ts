import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/**
 * GET /api/v4/permisos/{usuario}: the user's global permissions and stored per-client ones. Its
 * screen shows its own error or not-found state (a 404 for a user not in the company): no alert.
 */
export const { useConsulta: usePermisosDeUsuario } = consultaPor(
  RUTAS.permisosDeUsuario,
  adminKeys.permisosDeUsuario,
  (usuario: number) => ({ params: { usuario } }),
  { errorSilencioso: true },
);
