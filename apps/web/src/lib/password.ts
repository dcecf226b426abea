import { MENSAJES_CUENTAS } from '@delego/contract';

/**
 * Password rules checked in the browser. The server only ever receives the MD5 (SPEC §5), so it
 * cannot check a password's length or strength: the forms that set one do.
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

/** How hard a password is to guess, for the hint under the field: 1 (weak) to 4 (strong). */
export type NivelPassword = 1 | 2 | 3 | 4;

export interface FuerzaPassword {
  nivel: NivelPassword;
  /** 'Débil', 'Aceptable', … */
  titulo: string;
  /** What would make it better, or why it is fine. */
  consejo: string;
}

/** Words and keyboard runs that the first guesses of any attacker include. */
const COMUNES = ['password', 'contrasena', 'contraseña', 'qwerty', 'asdf', 'delego', 'admin', '123456', 'abc123'];

/** Letters or digits that only repeat or count up/down (`aaaaaaaa`, `12345678`, `abcdefgh`). */
function esSecuencia(password: string): boolean {
  const codigos = [...password.toLowerCase()].map((c) => c.codePointAt(0) ?? 0);
  const pasos = new Set(codigos.slice(1).map((c, i) => c - (codigos[i] ?? 0)));
  return pasos.size === 1 && [...pasos].every((p) => Math.abs(p) <= 1);
}

/**
 * A rough strength hint: length and the mix of lower case, upper case, digits and symbols, with
 * common words and runs as weak. Only a hint: any password that passes `problemaPassword` is taken.
 */
export function fuerzaPassword(password: string): FuerzaPassword {
  if (password.length < PASSWORD_MIN) {
    return { nivel: 1, titulo: 'Muy corta', consejo: `Use al menos ${PASSWORD_MIN} caracteres.` };
  }
  const minuscula = password.toLowerCase();
  if (esSecuencia(password) || COMUNES.some((c) => minuscula.includes(c))) {
    return { nivel: 1, titulo: 'Débil', consejo: 'Es fácil de adivinar: evite palabras y secuencias conocidas.' };
  }
  const clases = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((r) => r.test(password)).length;
  const puntos =
    Number(password.length >= 10) + Number(password.length >= 14) + Number(clases >= 2) + Number(clases >= 3);
  if (puntos <= 1) {
    return { nivel: 1, titulo: 'Débil', consejo: 'Hágala más larga o mezcle letras, números y símbolos.' };
  }
  if (puntos === 2) return { nivel: 2, titulo: 'Aceptable', consejo: 'Unos caracteres más la harían más segura.' };
  if (puntos === 3) return { nivel: 3, titulo: 'Buena', consejo: 'Difícil de adivinar.' };
  return { nivel: 4, titulo: 'Fuerte', consejo: 'Muy difícil de adivinar.' };
}

/** The messages of a new password typed twice (`password`, `repetida`); empty when both are fine. */
export function problemasPasswordNueva(
  password: string,
  repetida: string,
): Partial<Record<'password' | 'repetida', string>> {
  const errores: Partial<Record<'password' | 'repetida', string>> = {};
  const problema = problemaPassword(password);
  if (problema) errores.password = problema;
  if (!repetida) errores.repetida = 'Repita la contraseña.';
  else if (!problema && repetida !== password) errores.repetida = MENSAJES_CUENTAS.passwordsDistintas;
  return errores;
}
