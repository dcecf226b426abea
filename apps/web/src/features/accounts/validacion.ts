import { zRecuperarPasswordQuery, zRegistroUsuario, type RegistroUsuario } from '@delego/contract';
import { erroresDeProblemas, type ErroresCampos, type Validacion } from '../../lib/formularios';
import { md5Hex } from '../../lib/md5';
import { problemasPasswordNueva } from '../../lib/password';

// ---------------------------------------------------------------------------------------------
// registro-usuario

/** What the sign-up form holds (texts as typed, the password twice). */
export interface ValoresRegistro {
  entidadNombre: string;
  cuit: string;
  telefono: string;
  usuario: string;
  nombre: string;
  apellido: string;
  email: string;
  password: string;
  repetida: string;
  aceptaTerminos: boolean;
}

export const REGISTRO_VACIO: ValoresRegistro = {
  entidadNombre: '',
  cuit: '',
  telefono: '',
  usuario: '',
  nombre: '',
  apellido: '',
  email: '',
  password: '',
  repetida: '',
  aceptaTerminos: false,
};

/** The form's fields, in screen order: where a server's message about a field goes. */
export const CAMPOS_REGISTRO = [
  'entidadNombre',
  'cuit',
  'telefono',
  'usuario',
  'nombre',
  'apellido',
  'email',
  'password',
  'repetida',
  'aceptaTerminos',
] as const satisfies readonly (keyof ValoresRegistro)[];
export type CampoRegistro = (typeof CAMPOS_REGISTRO)[number];

/** Clearer words than the schema's pattern message for the fields left empty. */
const VACIOS: Partial<Record<CampoRegistro, string>> = {
  entidadNombre: 'Ingrese el nombre de la empresa.',
  usuario: 'Elija un nombre de usuario.',
  nombre: 'Ingrese su nombre.',
  apellido: 'Ingrese su apellido.',
  email: 'Ingrese su email.',
};

/**
 * Checks the sign-up form with the server's own schema (`zRegistroUsuario`, so the messages
 * match) plus the password rules only the browser can check, and builds the body to send, with
 * the password as its MD5 (as at login).
 */
export function validarRegistro(v: ValoresRegistro): Validacion<CampoRegistro, RegistroUsuario> {
  const errores: ErroresCampos<CampoRegistro> = problemasPasswordNueva(v.password, v.repetida);
  const resultado = zRegistroUsuario.safeParse({
    usuario: v.usuario,
    nombre: v.nombre,
    apellido: v.apellido,
    email: v.email,
    password: md5Hex(v.password),
    entidadNombre: v.entidadNombre,
    aceptaTerminos: v.aceptaTerminos,
    telefono: v.telefono.trim() || undefined,
    cuit: v.cuit,
  });
  if (!resultado.success) {
    for (const [campo, mensaje] of Object.entries(erroresDeProblemas(resultado.error.issues))) {
      const c = campo as CampoRegistro;
      errores[c] ??= (typeof v[c] === 'string' && !v[c].trim() && VACIOS[c]) || mensaje;
    }
  }
  if (!resultado.success || Object.keys(errores).length > 0) return { ok: false, errores };
  return { ok: true, datos: resultado.data };
}

// ---------------------------------------------------------------------------------------------
// password-reset/:k

export interface ValoresPasswordNueva {
  password: string;
  repetida: string;
}

export const CAMPOS_PASSWORD_NUEVA = ['password', 'repetida'] as const;

/** Both passwords as MD5 hex, as `confirmarRecuperarPassword` takes them. */
export interface PasswordsNuevas {
  password: string;
  confirmPassword: string;
}

export function validarPasswordNueva(
  v: ValoresPasswordNueva,
): Validacion<(typeof CAMPOS_PASSWORD_NUEVA)[number], PasswordsNuevas> {
  const errores = problemasPasswordNueva(v.password, v.repetida);
  if (Object.keys(errores).length > 0) return { ok: false, errores };
  const md5 = md5Hex(v.password);
  return { ok: true, datos: { password: md5, confirmPassword: md5 } };
}

// ---------------------------------------------------------------------------------------------
// recuperar-password

/** A login name or an email, trimmed, with the server's own rule. */
export function validarUsuarioOEmail(v: { username: string }): Validacion<'username', string> {
  const resultado = zRecuperarPasswordQuery.safeParse(v);
  if (!resultado.success) return { ok: false, errores: erroresDeProblemas(resultado.error.issues) };
  return { ok: true, datos: resultado.data.username };
}
