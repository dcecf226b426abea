import { tienePermiso, type PermisoGlobal } from '@delego/contract';
import { useSession } from '../../auth';

/** Whether the logged-in user holds `permiso` (the screens of issue 4 check it before calling). */
export function useTienePermiso(permiso: PermisoGlobal): boolean {
  const { usuario } = useSession();
  return !!usuario && tienePermiso(usuario, permiso);
}
