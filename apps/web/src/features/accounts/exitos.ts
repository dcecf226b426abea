import { MENSAJES_CUENTAS } from '@delego/contract';

/**
 * What the login page says at `login/:success` after an account screen sent the person there
 * (SPEC §2): each finished action has its own value of `:success` and its banner.
 */
const EXITOS = {
  'cuenta-confirmada': MENSAJES_CUENTAS.cuentaConfirmada,
  'password-cambiada': MENSAJES_CUENTAS.passwordCambiada,
  'invitacion-aceptada': 'Listo: ya tiene su contraseña. Inicie sesión para empezar a usar Delego.',
} as const;

export type ExitoCuenta = keyof typeof EXITOS;

/** The query parameter of the login page that fills in the login name. */
export const PARAM_USUARIO = 'usuario';

/** `login?usuario=<login>`: the login page with the login name filled in. */
export function rutaLoginCon(usuario: string): string {
  return `/login?${new URLSearchParams({ [PARAM_USUARIO]: usuario }).toString()}`;
}

/** `login/<exito>?usuario=<login>`: the login page with the banner and the login name filled in. */
export function rutaLoginConExito(exito: ExitoCuenta, usuario: string): string {
  return rutaLoginCon(usuario).replace('/login', `/login/${exito}`);
}

/** The banner of a `:success` value of the account screens, or undefined for any other value. */
export function mensajeDeExito(success: string): string | undefined {
  return Object.hasOwn(EXITOS, success) ? EXITOS[success as ExitoCuenta] : undefined;
}
