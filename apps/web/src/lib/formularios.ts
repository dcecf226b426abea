import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { errorDeLargo } from '../components/campo-con-limite';
import { ApiError, notificarError } from './errors';

/**
 * The hint under every login-name field (sign-up, new user, «Mi cuenta»): the characters
 * USUARIO_REGEX of the contract accepts, the underscore included.
 */
export const AYUDA_NOMBRE_USUARIO = 'Letras sin acentos, números, punto, guion, guion bajo o @.';

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

// ---------------------------------------------------------------------------------------------
// The form hook: values, per-field Spanish errors, the contract's check on submit, the server's
// answer on its field. The field components (components/campos.tsx) take `f.campo(nombre)`.

/** The result of checking a form's values (with the contract's schema). */
export type Validacion<C extends string, D> = { ok: true; datos: D } | { ok: false; errores: ErroresCampos<C> };

/** What a field component needs from the form: its value, how to change it, its message. */
export interface PropsCampo<T> {
  name: string;
  value: T;
  onChange: (valor: T) => void;
  /** The message to show; undefined while the field is fine. */
  error: string | undefined;
  disabled: boolean;
}

type CampoDe<V> = Extract<keyof V, string>;

/** What `texto` gives a text field besides `campo`'s props. */
export type PropsDeTexto<T> = PropsCampo<T> & { label: string; max: number | undefined; 'data-testid': string };

/** `E`: names of messages that belong to no single value (e.g. 'roles' of a user). */
export interface OpcionesFormulario<V, D, E extends string = never> {
  inicial: V | (() => V);
  /** Checks the values before saving, usually with the contract's schema and Spanish messages. */
  validar: (valores: V) => Validacion<CampoDe<V> | E, D>;
  /** The contract's length limits: over one, the field says 'Máximo N caracteres.' as it is typed. */
  limites?: Partial<Record<CampoDe<V>, number>>;
  /** False while saving or when the person may not change it: fields are disabled, Enter does nothing. */
  habilitado?: boolean;
  /** Messages that a change of another field settles: `{ fechaInicio: ['fechaFin'] }`. */
  vinculados?: Partial<Record<CampoDe<V>, readonly (CampoDe<V> | E)[]>>;
  /** Told of every change (e.g. to drop a message that belongs to no field). */
  alCambiar?: (campo: CampoDe<V>) => void;
}

export interface Formulario<V, D, E extends string = never> {
  valores: V;
  cambiar: <K extends CampoDe<V>>(campo: K, valor: V[K]) => void;
  /** The message of one field: over its limit (at once), else the last check's or the server's. */
  error: (campo: CampoDe<V> | E) => string | undefined;
  /** Shows these messages (e.g. the server's) and puts the cursor on the first. */
  mostrarErrores: (errores: ErroresCampos<CampoDe<V> | E>) => void;
  /** A failed save: on its field when the server named one of `campos`, else the 'Atención' alert. */
  falloAlGuardar: (
    error: unknown,
    campos: readonly (CampoDe<V> | E)[],
    opciones?: OpcionesGuardado<CampoDe<V> | E>,
  ) => void;
  /** The props a field component takes. */
  campo: <K extends CampoDe<V>>(campo: K) => PropsCampo<V[K]>;
  /** A text field's props: the field's, its label, its limit (of `limites`, for the counter) and its test id. */
  texto: <K extends CampoDe<V>>(campo: K, etiqueta: string, testId: string) => PropsDeTexto<V[K]>;
  /** Back to the first values (or these, the new starting point), without messages: after a save that stays. */
  reiniciar: (valores?: V) => void;
  /**
   * Whether the values differ from the ones the form opened with (or was last reset to): what
   * `useCambiosSinGuardar` takes. Typing a field back to its first value makes it clean again.
   */
  sucio: boolean;
  /** The values sent were saved: they are the new starting point, so the form is no longer `sucio`. */
  guardado: () => void;
  habilitado: boolean;
  /** The props of the `<form>`: submit and Enter check the values and, when fine, call `alEnviar`. */
  props: (alEnviar: (datos: D) => void) => {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (e: FormEvent) => void;
    onKeyDown: (e: KeyboardEvent<HTMLFormElement>) => void;
  };
}

/**
 * The state of a form. Errors of the check show after a submit, one per field, and go as soon
 * as that field changes; a field over its limit says so while it is typed (it is never cut).
 */
export function useFormulario<V extends object, D, E extends string = never>(
  opciones: OpcionesFormulario<V, D, E>,
): Formulario<V, D, E> {
  const { inicial, validar, limites = {}, habilitado = true, alCambiar } = opciones;
  const vinculados: NonNullable<typeof opciones.vinculados> = opciones.vinculados ?? {};
  const [valores, setValores] = useState<V>(inicial);
  // The values it opened with: the first render's `valores`.
  const [base, setBase] = useState<V>(valores);
  const sucio = useMemo(() => !mismoValor(valores, base), [valores, base]);
  const [errores, setErrores] = useState<ErroresCampos<CampoDe<V> | E>>({});
  const ref = useRef<HTMLFormElement>(null);

  const cambiar = <K extends CampoDe<V>>(campo: K, valor: V[K]) => {
    setValores((v) => ({ ...v, [campo]: valor }));
    const resueltos: readonly (CampoDe<V> | E)[] = [campo, ...(vinculados[campo] ?? [])];
    setErrores((e) =>
      resueltos.some((c) => e[c]) ? { ...e, ...Object.fromEntries(resueltos.map((c) => [c, undefined])) } : e,
    );
    alCambiar?.(campo);
  };

  const error = (campo: CampoDe<V> | E) => {
    const max = (limites as Partial<Record<string, number>>)[campo];
    const valor = (valores as Record<string, unknown>)[campo];
    return (max !== undefined && typeof valor === 'string' ? errorDeLargo(valor, max) : undefined) ?? errores[campo];
  };

  const campo = <K extends CampoDe<V>>(nombre: K): PropsCampo<V[K]> => ({
    name: nombre,
    value: valores[nombre],
    onChange: (valor) => cambiar(nombre, valor),
    error: error(nombre),
    disabled: !habilitado,
  });

  const mostrarErrores = (nuevos: ErroresCampos<CampoDe<V> | E>) => {
    setErrores(nuevos);
    if (Object.values(nuevos).some(Boolean)) enfocarPrimerError(ref.current);
  };

  const enviar = (alEnviar: (datos: D) => void) => {
    if (!habilitado) return;
    const resultado = validar(valores);
    if (!resultado.ok) {
      mostrarErrores(resultado.errores);
      return;
    }
    setErrores({});
    alEnviar(resultado.datos);
  };

  return {
    valores,
    cambiar,
    error,
    mostrarErrores,
    falloAlGuardar: (e, campos, op) => mostrarErrores(erroresDeGuardado(e, campos, op)),
    campo,
    texto: (nombre, etiqueta, testId) => ({
      ...campo(nombre),
      label: etiqueta,
      max: (limites as Partial<Record<string, number>>)[nombre],
      'data-testid': testId,
    }),
    reiniciar: (nuevos) => {
      const siguientes = nuevos ?? (typeof inicial === 'function' ? (inicial as () => V)() : inicial);
      setValores(siguientes);
      setBase(siguientes);
      setErrores({});
    },
    sucio,
    guardado: () => setBase(valores),
    habilitado,
    props: (alEnviar) => ({
      ref,
      noValidate: true,
      onSubmit: (e) => {
        e.preventDefault();
        enviar(alEnviar);
      },
      onKeyDown: enviarConEnter(() => enviar(alEnviar)),
    }),
  };
}

/**
 * Whether two values of a form are the same: texts, numbers and the like by value, lists and
 * plain objects field by field, anything else (a File) by identity.
 */
export function mismoValor(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => mismoValor(x, b[i]));
  if (esObjetoPlano(a) && esObjetoPlano(b)) {
    const claves = Object.keys(a);
    return claves.length === Object.keys(b).length && claves.every((k) => k in b && mismoValor(a[k], b[k]));
  }
  return false;
}

function esObjetoPlano(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype;
}

/**
 * One field on its own, outside `useFormulario` (a form of one field that checks it in its own
 * way): its value, its message, and the props of its field. Typing clears the message.
 */
export function useCampoSuelto(name: string, inicial: string) {
  const [value, setValue] = useState(inicial);
  const [error, setError] = useState<string | undefined>();
  const props = (disabled: boolean): PropsCampo<string> => ({
    name,
    value,
    error,
    disabled,
    onChange: (v) => {
      setValue(v);
      setError(undefined);
    },
  });
  return { value, setError, props };
}
