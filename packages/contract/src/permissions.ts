import {
  PERMISOS_CLIENTE,
  ROLES,
  ROLES_ADMIN,
  type NombreRol,
  type PermisoCliente,
  type PermisoGlobal,
  type PermisosDeCliente,
} from './auth.js';

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
export function tienePermisoCliente(u: SujetoPermisos, clienteId: number, p: PermisoCliente): boolean {
  if (esAdmin(u)) return true;
  return u.permisos.clientes.some((c) => c.clienteID === clienteId && c[p]);
}

export function puedeCrearOrden(u: Pick<SujetoPermisos, 'permisosResumen'>): boolean {
  return tienePermiso(u, 'crearOrden');
}

// ---------------------------------------------------------------------------------------------
// Administering another user (issue 10): nobody raises anyone, themselves included, above
// what they hold.

/**
 * Roles from the highest to the lowest. Holding a role covers it and every role below it: an
 * owner covers ADMIN, an admin covers SUPERVISOR and OPERARIO. A role unknown here covers
 * nothing and is covered only by an owner.
 */
const RANGO_ROL: Readonly<Record<NombreRol, number>> = { PROPIETARIO: 4, ADMIN: 3, SUPERVISOR: 2, OPERARIO: 1 };

function rango(nombre: string): number {
  return (ROLES as readonly string[]).includes(nombre) ? RANGO_ROL[nombre as NombreRol] : Number.POSITIVE_INFINITY;
}

function rangoDe(u: Pick<SujetoPermisos, 'roles'>): number {
  return Math.max(0, ...u.roles.map((r) => (Number.isFinite(rango(r.nombre)) ? rango(r.nombre) : 0)));
}

/** What a user holds, as stored: roles, global permission names and per-client rows. */
export interface Privilegios {
  roles: readonly { nombre: string }[];
  globales: readonly string[];
  /** The stored per-client rows (admins hold every per-client permission without rows). */
  clientes: readonly PermisosDeCliente[];
}

/** One thing a user holds that another does not. */
export type Privilegio =
  | { tipo: 'rol'; rol: string }
  | { tipo: 'global'; permiso: string }
  | { tipo: 'cliente'; clienteId: number; permiso: PermisoCliente };

/** The actor holds the role or a higher one; owners hold every role. */
export function cubreRol(actor: Pick<SujetoPermisos, 'roles'>, rol: string): boolean {
  return esPropietario(actor) || rango(rol) <= rangoDe(actor);
}

/** The actor may give or take this global permission: they hold it, or they are an owner. */
export function puedeOtorgarGlobal(actor: Pick<SujetoPermisos, 'roles' | 'permisosResumen'>, p: string): boolean {
  return esPropietario(actor) || actor.permisosResumen.some((x) => x.nombre === p);
}

/** The actor may give or take this per-client permission: they hold it (admins hold them all). */
export function puedeOtorgarCliente(actor: SujetoPermisos, clienteId: number, p: PermisoCliente): boolean {
  return tienePermisoCliente(actor, clienteId, p);
}

/**
 * What `objetivo` holds that `actor` does not: the roles above the actor's, the global
 * permissions the actor lacks, the per-client permissions the actor lacks on that client.
 * Empty: the actor may administer the user (names, login, email, state, supervisor, roles,
 * permissions). This extends "owners only by owners, admins only by admins".
 */
export function privilegiosQueFaltan(actor: SujetoPermisos, objetivo: Privilegios): Privilegio[] {
  const faltan: Privilegio[] = [];
  for (const r of objetivo.roles) if (!cubreRol(actor, r.nombre)) faltan.push({ tipo: 'rol', rol: r.nombre });
  for (const p of objetivo.globales) if (!puedeOtorgarGlobal(actor, p)) faltan.push({ tipo: 'global', permiso: p });
  for (const c of objetivo.clientes) {
    for (const p of PERMISOS_CLIENTE) {
      if (c[p] && !puedeOtorgarCliente(actor, c.clienteID, p))
        faltan.push({ tipo: 'cliente', clienteId: c.clienteID, permiso: p });
    }
  }
  return faltan;
}

export function puedeAdministrarUsuario(actor: SujetoPermisos, objetivo: Privilegios): boolean {
  return privilegiosQueFaltan(actor, objetivo).length === 0;
}

/**
 * Whether the actor may set another user's password directly (POST /api/v4/usuario with a
 * password and an id): only owners, and only for someone else; everyone changes their own
 * password in "Datos personales", with the current one. A new user gets theirs at creation.
 */
export function puedeFijarPassword(
  actor: Pick<SujetoPermisos, 'roles'> & { id: number },
  objetivoId: number | null,
): boolean {
  if (objetivoId === null) return true;
  return objetivoId !== actor.id && esPropietario(actor);
}

/** Why a user may not be administered when a role is what the actor lacks (server and web say the same). */
export const MENSAJES_ADMINISTRAR = {
  soloPropietario: 'Solo un propietario puede modificar a un propietario.',
  soloAdmin: 'Solo un administrador o el propietario puede modificar a un administrador.',
} as const;

/**
 * The refusal for what `privilegiosQueFaltan` found, when it is a role: an owner's first, then an
 * admin's; null when only permissions are missing (each side then lists them in its own words).
 */
export function motivoPorRol(faltan: readonly Privilegio[]): string | null {
  if (faltan.some((f) => f.tipo === 'rol' && f.rol === 'PROPIETARIO')) return MENSAJES_ADMINISTRAR.soloPropietario;
  if (faltan.some((f) => f.tipo === 'rol' && f.rol === 'ADMIN')) return MENSAJES_ADMINISTRAR.soloAdmin;
  return null;
}
