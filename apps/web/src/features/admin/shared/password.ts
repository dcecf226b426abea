/**
 * Password rules checked in the browser. The server only ever receives the MD5 (SPEC §5), so it
 * cannot check a password's length: the forms that set one do.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The problem with a new password, or undefined when it is acceptable. */
export function problemaPassword(password: string): string | undefined {
  if (!password) return 'Ingrese la contraseña.';
  if (password.length < PASSWORD_MIN) return `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`;
  if (password.length > PASSWORD_MAX) return `La contraseña admite hasta ${PASSWORD_MAX} caracteres.`;
  if (password.trim() !== password) return 'La contraseña no puede empezar ni terminar con espacios.';
  return undefined;
}
