import { zStoreUser, type PermisoGlobal, type StoreUser } from '@delego/contract';
import { md5Hex } from '../../../lib/md5';
import { erroresDeProblemas, type ErroresCampos } from '../../../lib/formularios';
import { problemaPassword } from '../shared/password';

/** What the user form holds (texts as typed). */
export interface ValoresUsuario {
  usuario: string;
  nombre: string;
  apellido: string;
  email: string;
  /** The password as typed: required on create (unless invited), optional (a new one) on edit. */
  password: string;
  /**
   * Send an invitation mail instead of choosing a password: the person sets their own through the
   * link (7 days). On edit, while the invitation is pending, it sends a new one.
   */
  invitar: boolean;
  activo: boolean;
  permisos: PermisoGlobal[];
  supervisorId: number | null;
}

export const CAMPOS_USUARIO = [
  'usuario',
  'nombre',
  'apellido',
  'email',
  'password',
  'invitar',
  'activo',
  'permisos',
  'supervisorId',
  'roles',
] as const;
export type CampoUsuario = (typeof CAMPOS_USUARIO)[number];

export type ResultadoValidacion = { ok: true; datos: StoreUser } | { ok: false; errores: ErroresCampos<CampoUsuario> };

export function valoresIniciales(u?: {
  usuario: string;
  nombre: string;
  apellido: string;
  email: string | null;
  activo: boolean;
  permisos: string[];
  supervisorId: number | null;
}): ValoresUsuario {
  return {
    usuario: u?.usuario ?? '',
    nombre: u?.nombre ?? '',
    apellido: u?.apellido ?? '',
    email: u?.email ?? '',
    password: '',
    invitar: false,
    activo: u?.activo ?? true,
    permisos: (u?.permisos ?? []) as PermisoGlobal[],
    supervisorId: u?.supervisorId ?? null,
  };
}

/**
 * Checks the user form with the same rules as the server (the contract's `zStoreUser`, so the
 * messages match) plus the password rules only the browser can check, and builds the
 * {storeUser} to send, with the password as its MD5.
 */
export function validarUsuario(v: ValoresUsuario, id: number | null): ResultadoValidacion {
  const errores: ErroresCampos<CampoUsuario> = {};
  const creando = id === null;

  if (v.invitar) {
    if (!v.email.trim()) errores.email = 'Ingrese el email: la invitación se envía a esa dirección.';
  } else if (creando || v.password) {
    const problema = problemaPassword(v.password);
    if (problema) errores.password = creando && !v.password ? 'Ingrese la contraseña inicial.' : problema;
  }

  const datos: StoreUser = {
    ...(id !== null ? { id } : {}),
    usuario: v.usuario.trim(),
    nombre: v.nombre,
    apellido: v.apellido,
    email: v.email,
    activo: v.activo,
    permisos: v.permisos,
    supervisorId: v.supervisorId,
    ...(v.invitar ? { invitar: true } : {}),
    ...(!v.invitar && v.password && !errores.password ? { password: md5Hex(v.password) } : {}),
  };
  const resultado = zStoreUser.safeParse(datos);
  if (!resultado.success) Object.assign(errores, erroresDeProblemas(resultado.error.issues));
  if (!v.usuario.trim()) errores.usuario = 'Ingrese el nombre de usuario.';
  if (!v.nombre.trim()) errores.nombre = 'Ingrese el nombre.';

  if (Object.keys(errores).length) return { ok: false, errores };
  return { ok: true, datos };
}
