import { LIMITES_ADMIN, zCambioUsername, zProfile, type Profile } from '@delego/contract';
import { md5Hex } from '../../../lib/md5';
import { formatearMb, formatearTamanio } from '../../../lib/numeros';
import { erroresDeProblemas, type ErroresCampos } from '../../../lib/formularios';
import { problemaPassword } from '../shared/password';

export interface ValoresDatos {
  nombre: string;
  apellido: string;
  email: string;
  /** Asked only when the email changes: the address that recovers the account. */
  passwordActual: string;
}

export type Resultado<C extends string, D> = { ok: true; datos: D } | { ok: false; errores: ErroresCampos<C> };

/** Whether the email typed is another address than the saved one. */
export function cambiaEmail(email: string, guardado: string | null): boolean {
  return email.trim().toLowerCase() !== (guardado ?? '').trim().toLowerCase();
}

/**
 * Names and email, checked with the server's schema (`zProfile`). A new email goes with the current
 * password (sent as MD5): from a session left open, nobody moves the account's recovery elsewhere.
 */
export function validarDatos(v: ValoresDatos, emailGuardado: string | null): Resultado<keyof ValoresDatos, Profile> {
  const conEmail = cambiaEmail(v.email, emailGuardado);
  const datos: Profile = {
    nombre: v.nombre,
    apellido: v.apellido,
    email: v.email,
    ...(conEmail && v.passwordActual ? { passwordActual: md5Hex(v.passwordActual) } : {}),
  };
  const r = zProfile.safeParse(datos);
  const errores: ErroresCampos<keyof ValoresDatos> = r.success ? {} : erroresDeProblemas(r.error.issues);
  if (!v.nombre.trim()) errores.nombre = 'Ingrese su nombre.';
  if (conEmail && !v.passwordActual) errores.passwordActual = 'Para cambiar el email, ingrese su contraseña actual.';
  return Object.keys(errores).length ? { ok: false, errores } : { ok: true, datos };
}

export interface ValoresPassword {
  actual: string;
  nueva: string;
  repetida: string;
}

/** The password change: the current one, a new acceptable one typed twice; sent as MD5. */
export function validarCambioPassword(v: ValoresPassword): Resultado<keyof ValoresPassword, Profile> {
  const errores: ErroresCampos<keyof ValoresPassword> = {};
  if (!v.actual) errores.actual = 'Ingrese su contraseña actual.';
  const problema = problemaPassword(v.nueva);
  if (problema) errores.nueva = v.nueva ? problema : 'Ingrese la contraseña nueva.';
  else if (v.nueva === v.actual) errores.nueva = 'La contraseña nueva debe ser distinta de la actual.';
  if (!v.repetida) errores.repetida = 'Repita la contraseña nueva.';
  else if (!errores.nueva && v.repetida !== v.nueva) errores.repetida = 'Las contraseñas no coinciden.';
  if (Object.keys(errores).length) return { ok: false, errores };
  return { ok: true, datos: { passwordActual: md5Hex(v.actual), passwordNueva: md5Hex(v.nueva) } };
}

/** A new login name: the server's rule (`zCambioUsername`), and different from the current one. */
export function validarNuevoUsuario(username: string, actual: string): Resultado<'username', string> {
  const limpio = username.trim();
  if (!limpio) return { ok: false, errores: { username: 'Ingrese el nuevo nombre de usuario.' } };
  if (limpio === actual) return { ok: false, errores: { username: 'Es su nombre de usuario actual.' } };
  const r = zCambioUsername.safeParse({ username: limpio });
  if (!r.success) return { ok: false, errores: erroresDeProblemas(r.error.issues) };
  return { ok: true, datos: r.data.username };
}

export const TIPOS_LOGO = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why `archivo` cannot be the company logo (type or size, SPEC issue 4), or undefined. */
export function problemaLogo(archivo: { type: string; size: number }): string | undefined {
  if (!(TIPOS_LOGO as readonly string[]).includes(archivo.type)) {
    return 'El logo debe ser una imagen PNG, JPEG o WebP.';
  }
  if (archivo.size > LIMITES_ADMIN.logoBytes) {
    const mb = formatearMb(LIMITES_ADMIN.logoBytes / 1024 / 1024);
    return `El logo no puede superar los ${mb} MB (este archivo pesa ${formatearTamanio(archivo.size)}).`;
  }
  if (archivo.size === 0) return 'El archivo está vacío.';
  return undefined;
}
