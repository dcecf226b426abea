import type { KeyboardEvent } from 'react';
import { ApiError, notificarError } from './errors';

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

export interface OpcionesGuardado<C extends string> {
  /** Server field names that mean one of the form's fields under another name. */
  alias?: Readonly<Record<string, C>>;
  /**
   * Only invalid data (400) goes on a field; a refusal that names one (e.g. a forbidden state
   * transition, 409) goes to the alert all the same.
   */
  soloDatosInvalidos?: boolean;
}

/**
 * Where a failed save is shown: on its field when the server blamed one the form has (the
 * `field` of the error body), else in the shared 'Atención' alert (SPEC §8). Returns the inline
 * errors to show (empty when it went to the alert).
 */
export function erroresDeGuardado<C extends string>(
  error: unknown,
  campos: readonly C[],
  { alias = {}, soloDatosInvalidos = false }: OpcionesGuardado<C> = {},
): ErroresCampos<C> {
  if (error instanceof ApiError && error.field && (!soloDatosInvalidos || error.status === 400)) {
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
 * components, which do not submit on their own); text areas keep Enter for new lines and submit
 * with Ctrl+Enter (or ⌘+Enter).
 */
export function enviarConEnter(enviar: () => void) {
  return (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const enTextoLargo = e.target instanceof HTMLTextAreaElement;
    if ((e.target instanceof HTMLInputElement && !enTextoLargo) || (enTextoLargo && (e.ctrlKey || e.metaKey))) {
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
