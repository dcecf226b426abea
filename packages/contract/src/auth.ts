import { z } from 'zod';
import { zIdNombre } from './common.js';
import { zPlanEstado } from './plans.js';

export const PERMISOS_GLOBALES = [
  'altaUsuarios',
  'altaClientes',
  'altaEtiquetas',
  'verEstadisticas',
  'crearOrden',
  'finalizarOrden',
  'modificarOrden',
] as const;
export type PermisoGlobal = (typeof PERMISOS_GLOBALES)[number];
export const zPermisoGlobal = z.enum(PERMISOS_GLOBALES);

export const PERMISOS_CLIENTE = ['delegarOrden', 'modificarOrden', 'borrarOrden'] as const;
export type PermisoCliente = (typeof PERMISOS_CLIENTE)[number];
export const zPermisoCliente = z.enum(PERMISOS_CLIENTE);

/**
 * How a permission is named to a person, in messages that say which one is missing: the names of
 * the user form and the per-client permissions screen, never the identifier.
 */
export const NOMBRE_PERMISO: Record<PermisoGlobal | PermisoCliente, string> = {
  altaUsuarios: 'Usuarios',
  altaClientes: 'Clientes',
  altaEtiquetas: 'Áreas y tipos de orden',
  verEstadisticas: 'Estadísticas',
  crearOrden: 'Crear órdenes',
  finalizarOrden: 'Finalizar órdenes',
  modificarOrden: 'Modificar órdenes',
  delegarOrden: 'Delegar órdenes',
  borrarOrden: 'Borrar órdenes',
};

export const ROLES = ['PROPIETARIO', 'ADMIN', 'SUPERVISOR', 'OPERARIO'] as const;
export type NombreRol = (typeof ROLES)[number];
/** Roles treated as admin (SPEC §6). */
export const ROLES_ADMIN: readonly NombreRol[] = ['PROPIETARIO', 'ADMIN'];

export const zRol = zIdNombre.extend({ descripcion: z.string() });
export type Rol = z.infer<typeof zRol>;

export const zPermiso = zRol.extend({ tipo: z.enum(['GLOBAL', 'CLIENTE']) });
export type Permiso = z.infer<typeof zPermiso>;

export const zPermisoResumen = z.object({ nombre: z.string() });

export const zPermisosDeCliente = z.object({
  clienteID: z.number().int(),
  delegarOrden: z.boolean(),
  modificarOrden: z.boolean(),
  borrarOrden: z.boolean(),
});
export type PermisosDeCliente = z.infer<typeof zPermisosDeCliente>;

/** The logged-in user of SPEC §3, as GET /api/v4/login returns it. */
export const zUsuarioLogueado = z.object({
  usuario: z.string(),
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string().nullable(),
  entidadId: z.number().int(),
  entidadNombre: z.string(),
  logo: z.string().nullable(),
  plan: zPlanEstado.nullable(),
  permisosResumen: z.array(zPermisoResumen),
  permisos: z.object({ clientes: z.array(zPermisosDeCliente) }),
  roles: z.array(zRol),
});
export type UsuarioLogueado = z.infer<typeof zUsuarioLogueado>;

/** `Authorization: <usuario>#<md5 hex of the password>` (SPEC §5, §7). */
export const MD5_HEX = /^[0-9a-f]{32}$/;
export function authorizationHeader(usuario: string, md5Hex: string): string {
  return `${usuario}#${md5Hex}`;
}
export function parseAuthorization(header: string | undefined): { usuario: string; md5: string } | null {
  if (!header || header.length > 300) return null;
  const at = header.lastIndexOf('#');
  if (at <= 0) return null;
  const usuario = header.slice(0, at);
  const md5 = header.slice(at + 1).toLowerCase();
  if (!MD5_HEX.test(md5)) return null;
  return { usuario, md5 };
}
