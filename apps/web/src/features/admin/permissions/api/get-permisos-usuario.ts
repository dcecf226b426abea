import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** GET /api/v4/permisos/{usuario}: the user's global permissions and stored per-client ones. */
export const { useConsulta: usePermisosDeUsuario } = consultaPor(
  RUTAS.permisosDeUsuario,
  adminKeys.permisosDeUsuario,
  (usuario: number) => ({ params: { usuario } }),
);
