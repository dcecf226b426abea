import { ROLES_ADMIN, type PermisoCliente, type PermisoGlobal } from './auth.js';

/** What the permission rules need to know about a user; the logged-in user satisfies it. */
export interface SujetoPermisos {
  roles: readonly { nombre: string }[];
  permisosResumen: readonly { nombre: string }[];
  permisos: {
    clientes: readonly {
      clienteID: number;
      delegarOrden: boolean;
      modificarOrden: boolean;
      borrarOrden: boolean;
    }[];
  };
}

/** ADMIN and PROPIETARIO count as admin (SPEC §6). */
export function esAdmin(u: Pick<SujetoPermisos, 'roles'>): boolean {
  return u.roles.some((r) => (ROLES_ADMIN as readonly string[]).includes(r.nombre));
}

export function esPropietario(u: Pick<SujetoPermisos, 'roles'>): boolean {
  return u.roles.some((r) => r.nombre === 'PROPIETARIO');
}

export function tienePermiso(u: Pick<SujetoPermisos, 'permisosResumen'>, p: PermisoGlobal): boolean {
  return u.permisosResumen.some((x) => x.nombre === p);
}

/** A per-client permission; admins hold every per-client permission of their company. */
export function tienePermisoCliente(
  u: SujetoPermisos,
  clienteId: number,
  p: PermisoCliente,
): boolean {
  if (esAdmin(u)) return true;
  return u.permisos.clientes.some((c) => c.clienteID === clienteId && c[p]);
}

export function puedeCrearOrden(u: Pick<SujetoPermisos, 'permisosResumen'>): boolean {
  return tienePermiso(u, 'crearOrden');
}
