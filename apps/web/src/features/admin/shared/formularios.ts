import type { KeyboardEvent } from 'react';
import { ApiError, notificarError } from '../../../lib/errors';

/** The inline messages of a form, by field. */
export type ErroresCampos<C extends string> = Partial<Record<C, string>>;

/** What the contract's schemas report through `safeParse` (a Zod issue, structurally). */
export interface Problema {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message of each top-level field among a schema's issues. */
export function erroresDeProblemas(problemas: readonly Problema[]): Record<string, string> {
  const errores: Record<string, string> = {};
  for (const { path, message } of problemas) {
    const campo = String(path[0] ?? '');
    if (campo && !(campo in errores)) errores[campo] = message;
  }
  return errores;
}

/**
 * Where a failed save is shown: on its field when the server blamed one the form has (the
 * `field` of the error body, optionally renamed by `alias`), else in the shared 'Atención'
 * alert (SPEC §8). Returns the inline errors to show (empty when it went to the alert).
 */
export function erroresDeGuardado<C extends string>(
  error: unknown,
  campos: readonly C[],
  alias: Readonly<Record<string, C>> = {},
): ErroresCampos<C> {
  if (error instanceof ApiError && error.field) {
    const campo = (alias[error.field] ?? error.field) as C;
    if (campos.includes(campo)) return { [campo]: error.message } as ErroresCampos<C>;
  }
  notificarError(error);
  return {};
}

/** Ionic shows an input's `errorText` only with these classes. */
export function claseInvalida(error: string | undefined): string | undefined {
  return error ? 'ion-invalid ion-touched' : undefined;
}

/**
 * Enter in a single-line field submits the form (the native inputs live inside Ionic's
 * components, which do not submit on their own). Text areas keep Enter for new lines.
 */
export function enviarConEnter(enviar: () => void) {
  return (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      enviar();
    }
  };
}

/** The value of an Ionic input event as a string. */
export function valorDe(e: { detail: { value?: string | number | null } }): string {
  return String(e.detail.value ?? '');
}

/** Puts the cursor on the first field with an error, once Ionic has marked it. */
export function enfocarPrimerError(formulario: HTMLFormElement | null): void {
  window.setTimeout(() => {
    formulario?.querySelector<HTMLElement>('.ion-invalid input, .ion-invalid textarea')?.focus();
  }, 50);
}
