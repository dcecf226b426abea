import { RUTAS, type PermisoCliente, type PermisoGlobal, type PermisosDeUsuario } from '@delego/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { llamar } from '../../../../lib/http';
import { adminKeys } from '../../keys';
import { esUsuarioEnSesion, releerUsuarioEnSesion } from '../../shared/sesion-propia';

/** One permission switched on or off: per client (cliente = id) or global (cliente = null). */
export type Toggle =
  | { cliente: number; permiso: PermisoCliente; accion: boolean }
  | { cliente: null; permiso: PermisoGlobal; accion: boolean };

/** POST /api/v4/permisos/toggle/{usuario} {cliente, permiso, accion}: answers the new state. */
export function togglePermiso(usuario: number, toggle: Toggle): Promise<PermisosDeUsuario> {
  return llamar(RUTAS.togglePermiso, { params: { usuario }, cuerpo: toggle });
}

/** The state after `toggle`, as the server will answer it (used for the optimistic update). */
export function aplicarToggle(estado: PermisosDeUsuario, toggle: Toggle): PermisosDeUsuario {
  if (toggle.cliente === null) {
    const sin = estado.globales.filter((p) => p !== toggle.permiso);
    return { ...estado, globales: toggle.accion ? [...sin, toggle.permiso].sort() : sin };
  }
  const { cliente, permiso, accion } = toggle;
  const existe = estado.clientes.some((c) => c.clienteID === cliente);
  const clientes = existe
    ? estado.clientes.map((c) => (c.clienteID === cliente ? { ...c, [permiso]: accion } : c))
    : [
        ...estado.clientes,
        { clienteID: cliente, delegarOrden: false, modificarOrden: false, borrarOrden: false, [permiso]: accion },
      ];
  return { ...estado, clientes };
}

/** Identifies a toggle's cell: `<cliente|global>:<permiso>`. */
export function claveToggle(t: Pick<Toggle, 'cliente' | 'permiso'>): string {
  return `${t.cliente ?? 'global'}:${t.permiso}`;
}

const claveMutacion = (usuarioId: number) => [...adminKeys.permisosDeUsuario(usuarioId), 'toggle'] as const;

/**
 * Switches a permission and shows it at once (optimistic update). If the server refuses, the
 * switch goes back to where it was and the refusal reaches the 'Atención' alert. Several
 * switches may be in flight: each one only undoes itself, and the state is read again once the
 * last one has finished.
 */
export function useTogglePermiso(usuarioId: number) {
  const queryClient = useQueryClient();
  const queryKey = adminKeys.permisosDeUsuario(usuarioId);
  const mutationKey = claveMutacion(usuarioId);
  const esLaUltima = () => queryClient.isMutating({ mutationKey }) <= 1;

  return useMutation({
    mutationKey,
    mutationFn: (toggle: Toggle) => togglePermiso(usuarioId, toggle),
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<PermisosDeUsuario>(queryKey, (e) => e && aplicarToggle(e, toggle));
    },
    onError: (_error, toggle) => {
      queryClient.setQueryData<PermisosDeUsuario>(
        queryKey,
        (e) => e && aplicarToggle(e, { ...toggle, accion: !toggle.accion } as Toggle),
      );
    },
    onSuccess: (estado) => {
      if (esLaUltima()) queryClient.setQueryData(queryKey, estado);
    },
    onSettled: async () => {
      if (!esLaUltima()) return;
      if (esUsuarioEnSesion(usuarioId)) await releerUsuarioEnSesion();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.usuarios() }),
      ]);
    },
  });
}

/** The cells whose toggle is waiting for the server (`claveToggle`). */
export function useTogglesPendientes(usuarioId: number): ReadonlySet<string> {
  const pendientes = useMutationState({
    filters: { mutationKey: claveMutacion(usuarioId), status: 'pending' },
    select: (m) => m.state.variables as Toggle | undefined,
  });
  return new Set(pendientes.filter((t): t is Toggle => !!t).map(claveToggle));
}
