import { tienePermiso, type PermisoGlobal } from '@delego/contract';
import { useSession } from '../../auth';

/** Whether the logged-in user holds `permiso` (the screens of issue 4 check it before calling). */
export function useTienePermiso(permiso: PermisoGlobal): boolean {
  const { usuario } = useSession();
  return !!usuario && tienePermiso(usuario, permiso);
}

/** Why a screen of a global permission is closed to the user (SPEC §6), for `EstadoSinPermiso`. */
export function sinPermisoPara(que: string): string {
  return `No tiene permiso para ${que}. Pídaselo a un administrador de su empresa.`;
}
