import {
  motivoPorRol,
  privilegiosQueFaltan,
  type PermisosDeCliente,
  type Privilegio,
  type SujetoPermisos,
} from '@delego/contract';
import { nombrePermiso, nombreRol } from './nombres';

/** What the screens know of the user being administered. */
export interface Administrado {
  roles: readonly { nombre: string }[];
  /** Global permission names. */
  permisos: readonly string[];
}

function describir(f: Privilegio, nombreCliente: (id: number) => string): string {
  if (f.tipo === 'rol') return `el rol ${nombreRol(f.rol)}`;
  if (f.tipo === 'global') return nombrePermiso(f.permiso);
  return `${nombrePermiso(f.permiso)} en ${nombreCliente(f.clienteId)}`;
}

/**
 * Why the logged-in user may not change this one (the contract's rule, which the server applies
 * too), or undefined. `clientes`: the user's per-client permissions, when the screen has them.
 */
export function motivoNoAdministrable(
  actor: SujetoPermisos,
  usuario: Administrado,
  clientes: readonly PermisosDeCliente[] = [],
  nombreCliente: (id: number) => string = (id) => `el cliente ${id}`,
): string | undefined {
  const faltan = privilegiosQueFaltan(actor, { roles: usuario.roles, globales: usuario.permisos, clientes });
  if (!faltan.length) return undefined;
  const porRol = motivoPorRol(faltan);
  if (porRol) return porRol;
  const lista = faltan.map((f) => describir(f, nombreCliente)).join(', ');
  return `Tiene permisos que usted no tiene (${lista}): solo puede modificarlo alguien que los tenga.`;
}
