/** The two catalogues that share one set of calls and screens. */
export type { ClaseEtiqueta } from '../../lib/catalogos';

/** Query keys of the administration feature (issue 4). */
export const adminKeys = {
  all: ['admin'] as const,
  usuarios: () => [...adminKeys.all, 'usuarios'] as const,
  listaUsuarios: () => [...adminKeys.usuarios(), 'lista'] as const,
  busquedaUsuarios: (texto: string) => [...adminKeys.usuarios(), 'buscar', texto] as const,
  usuario: (id: number) => [...adminKeys.usuarios(), 'detalle', id] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  permisos: () => [...adminKeys.all, 'permisos'] as const,
  catalogoPermisos: () => [...adminKeys.permisos(), 'catalogo'] as const,
  permisosDeUsuario: (usuarioId: number) => [...adminKeys.permisos(), 'usuario', usuarioId] as const,
  clientes: () => [...adminKeys.all, 'clientes'] as const,
};
