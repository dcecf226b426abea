/**
 * The addresses both logins link to. A tiny module: the first-stage login imports it.
 * `?usuario=` prefills the user (accounts/exitos.ts PARAM_USUARIO, the same name).
 */
export const PARAM_USUARIO = 'usuario';

/** «¿Olvidó su contraseña?»: the recovery screen, with the user typed so far (if any) filled in. */
export function rutaRecuperarPassword(usuario: string): string {
  return usuario
    ? `/recuperar-password?${new URLSearchParams({ [PARAM_USUARIO]: usuario }).toString()}`
    : '/recuperar-password';
}
