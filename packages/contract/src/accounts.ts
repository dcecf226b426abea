import { z } from 'zod';
import { LIMITES_ADMIN, zMd5, zNombreUsuario } from './admin.js';
import { zCuit } from './cuit.js';
import { mensajeDemasiadosIntentos, zTexto, zTokenDeEnlace } from './common.js';

/**
 * Accounts (issue 12, SPEC §2 and §7 "Registration and password"): a company signs itself up,
 * confirms its address by mail, recovers its password, and invited users set their own. Every
 * call here answers without a login (`publica`), is rate-limited (429 with Retry-After), and
 * takes passwords only as the MD5 hex, as the login does.
 */

/**
 * The version of the terms of service and privacy policy the web shows on `terms`; a registration
 * records this version and the moment it was accepted. A new text gets a new version.
 */
export const TERMINOS_VERSION = '2026-11-01';

/** How long each kind of mailed link lasts. */
export const VIGENCIA_ENLACE_MS = {
  confirmacion: 48 * 3_600_000,
  recuperacion: 3_600_000,
  invitacion: 7 * 24 * 3_600_000,
} as const;

export const LIMITES_CUENTAS = {
  entidadNombre: 150,
  telefono: 50,
  /** A link's token as the server issues it is 43 characters; anything much longer is not one. */
  token: 200,
} as const;

/** Fixed Spanish texts of these calls, shared by server and web. */
export const MENSAJES_CUENTAS = {
  registroHecho: (email: string) =>
    `Le enviamos un correo a ${email} para confirmar la cuenta. El enlace vence en 48 horas.`,
  cuentaNoConfirmada:
    'La cuenta todavía no está confirmada. Abra el enlace que le enviamos por correo o pida que se lo enviemos de nuevo.',
  reenvioHecho:
    'Si la cuenta existe y falta confirmarla, le enviamos un correo nuevo con el enlace. Revise también la carpeta de correo no deseado.',
  recuperacionHecha:
    'Si el usuario o el email corresponde a una cuenta, le enviamos un correo con un enlace para elegir una contraseña nueva. El enlace vence en 1 hora.',
  cuentaConfirmada: 'Cuenta confirmada. Ya puede iniciar sesión.',
  cuentaYaConfirmada: 'La cuenta ya estaba confirmada. Puede iniciar sesión.',
  passwordCambiada: 'Listo: la contraseña nueva ya funciona. Inicie sesión con ella.',
  enlaceInvalido: 'El enlace no es válido. Revise que esté completo o pida uno nuevo.',
  enlaceVencido: 'El enlace venció. Pida uno nuevo.',
  enlaceUsado: 'Este enlace ya se usó. Si necesita cambiar la contraseña otra vez, pida un enlace nuevo.',
  passwordsDistintas: 'Las contraseñas no coinciden.',
  emailEnUso: 'Ya existe una cuenta con ese email. Inicie sesión o recupere la contraseña.',
  aceptarTerminos: 'Debe aceptar los términos y condiciones para crear la cuenta.',
} as const;

/** The 429 of these calls, naming the wait (the same seconds travel in Retry-After). */
export function mensajeDemasiadosPedidos(segundos: number): string {
  return mensajeDemasiadosIntentos(segundos).replace('Demasiados intentos fallidos.', 'Demasiados pedidos seguidos.');
}

const texto = (campo: string, max: number) =>
  zTexto(`${campo} es obligatorio.`)
    .trim()
    .min(1, `${campo} es obligatorio.`)
    .max(max, `${campo} admite hasta ${max} caracteres.`);

/** An email that must be there (the admin forms' one may be empty). */
export const zEmail = zTexto('El email es obligatorio.')
  .trim()
  .min(1, 'El email es obligatorio.')
  .max(LIMITES_ADMIN.email, `El email admite hasta ${LIMITES_ADMIN.email} caracteres.`)
  .pipe(z.email('El email no es una dirección válida.'));

/** The token of a mailed link (`k`); one the server did not issue answers ENLACE_INVALIDO. */
export const zTokenEnlace = zTokenDeEnlace(LIMITES_CUENTAS.token, MENSAJES_CUENTAS.enlaceInvalido);

// ---------------------------------------------------------------------------------------------
// Registration

/**
 * POST /api/v2/registrar/usuario {usuario}: the new person (the company's owner) and the company,
 * flat. `password` is the MD5 hex of the password, as at login.
 */
export const zRegistroUsuario = z.object({
  usuario: zNombreUsuario,
  nombre: texto('El nombre', LIMITES_ADMIN.nombre),
  apellido: texto('El apellido', LIMITES_ADMIN.nombre),
  email: zEmail,
  password: zMd5,
  entidadNombre: texto('El nombre de la empresa', LIMITES_CUENTAS.entidadNombre),
  aceptaTerminos: z.literal(true, { error: MENSAJES_CUENTAS.aceptarTerminos }),
  telefono: zTexto()
    .trim()
    .max(LIMITES_CUENTAS.telefono, `El teléfono admite hasta ${LIMITES_CUENTAS.telefono} caracteres.`)
    .optional(),
  cuit: zCuit,
});
export type RegistroUsuario = z.input<typeof zRegistroUsuario>;

/** The 201 answer of a registration: what the web shows ("Le enviamos un correo a …"). */
export const zRegistroHecho = z.object({
  ok: z.literal(true),
  usuario: z.string(),
  email: z.string(),
  mensaje: z.string(),
});
export type RegistroHecho = z.infer<typeof zRegistroHecho>;

/**
 * POST /api/v2/registrar/reenviar: sends the confirmation mail again. Either `usuario` (login
 * name or email, as typed on the login page) or `k` (the token of an expired confirmation link).
 * Always the same answer, whether or not such an account exists.
 */
export const zReenviarConfirmacion = z
  .object({
    usuario: zTexto().trim().max(LIMITES_ADMIN.email, 'El usuario o email es demasiado largo.').optional(),
    k: zTokenEnlace.optional(),
  })
  .refine((v) => Boolean(v.usuario) || Boolean(v.k), {
    path: ['usuario'],
    message: 'Escriba el usuario o el email de la cuenta.',
  });
export type ReenviarConfirmacion = z.input<typeof zReenviarConfirmacion>;

/** The same answer whatever account was named (resend, recovery): nobody learns which exist. */
export const zAvisoCuenta = z.object({ ok: z.literal(true), mensaje: z.string() });
export type AvisoCuenta = z.infer<typeof zAvisoCuenta>;

// ---------------------------------------------------------------------------------------------
// Confirmation

/** GET /api/v2/confirmar?k= */
export const zConfirmarQuery = z.object({ k: zTokenEnlace });

/**
 * The answer of a confirmation: `confirmada` the first time, `yaConfirmada` on a second click (not
 * an error). `usuario` is the login name, for the login page (`login/:success`).
 */
export const zConfirmacion = z.object({
  estado: z.enum(['confirmada', 'yaConfirmada']),
  usuario: z.string(),
  mensaje: z.string(),
});
export type Confirmacion = z.infer<typeof zConfirmacion>;

// ---------------------------------------------------------------------------------------------
// Recovery and invitations (the same link: PUBLIC_URL/password-reset/<k>)

/** GET /api/v2/recuperarPassword?username= : a login name or an email. */
export const zRecuperarPasswordQuery = z.object({
  username: zTexto('Escriba el usuario o el email de la cuenta.')
    .trim()
    .min(1, 'Escriba el usuario o el email de la cuenta.')
    .max(LIMITES_ADMIN.email, 'El usuario o email es demasiado largo.'),
});

/** GET /api/v2/recuperarPassword/enlace?k= : what the password-reset page shows before the form. */
export const zEnlaceQuery = z.object({ k: zTokenEnlace });

/**
 * What a valid recovery or invitation link is for: `invitacion` (a new user sets their first
 * password) or `recuperacion`; the person's first name and company, and when the link expires
 * (ms). Nothing else about the account.
 */
export const zEnlaceInfo = z.object({
  tipo: z.enum(['recuperacion', 'invitacion']),
  nombre: z.string(),
  entidadNombre: z.string(),
  vence: z.number().int(),
});
export type EnlaceInfo = z.infer<typeof zEnlaceInfo>;

/**
 * GET /api/v2/confirmarRecuperarPassword?k&password&confirmPassword : both passwords as MD5 hex,
 * equal. Sets the password, spends every recovery and invitation link of the user, confirms the
 * account, and closes the user's sessions.
 */
export const zConfirmarRecuperarPasswordQuery = z
  .object({
    k: zTokenEnlace,
    password: zMd5,
    confirmPassword: zMd5,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MENSAJES_CUENTAS.passwordsDistintas,
  });

/** The answer of a password set through a link; `usuario` is the login name, for the login page. */
export const zPasswordRestablecida = z.object({
  ok: z.literal(true),
  tipo: z.enum(['recuperacion', 'invitacion']),
  usuario: z.string(),
  mensaje: z.string(),
});
export type PasswordRestablecida = z.infer<typeof zPasswordRestablecida>;
