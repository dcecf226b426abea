import { authorizationHeader, zErrorBody } from '@delego/contract';
import {
  ApiError,
  CODIGO_RESPUESTA_INVALIDA,
  CODIGO_SIN_CONEXION,
  mensajeParaEstado,
} from './errors';
import { borrarSesion, leerSesion, type Sesion } from './session';

/**
 * The one HTTP client of the app. Every call:
 * - carries `Authorization: <usuario>#<md5>` (from the stored session, or the credentials given)
 *   and the `tsp=<Date.now()>` query parameter (SPEC §7);
 * - turns every failure into an `ApiError` whose message follows the error catalogue (SPEC §8);
 * - can validate the answer with a contract schema, so the types cannot lie.
 */

export interface Credenciales {
  usuario: string;
  md5: string;
}

/** Anything with a Zod-like `parse`; the contract's schemas fit. */
export interface Esquema<T> {
  parse(dato: unknown): T;
}

type ValorQuery = string | number | boolean | null | undefined;

export interface OpcionesPeticion<T> {
  metodo?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, ValorQuery>;
  cuerpo?: unknown;
  esquema?: Esquema<T>;
  /** Credentials for this call instead of the stored session's (login uses this). */
  credenciales?: Credenciales;
  /** False for calls that must go without Authorization (registration). Default true. */
  autenticada?: boolean;
  signal?: AbortSignal;
}

const zCuerpoError = zErrorBody.partial();

function credencialesDeSesion(sesion: Sesion | null): Credenciales | undefined {
  return sesion ? { usuario: sesion.usuario.usuario, md5: sesion.md5 } : undefined;
}

export function construirUrl(ruta: string, query: Record<string, ValorQuery> = {}): string {
  const url = new URL(ruta, window.location.origin);
  for (const [clave, valor] of Object.entries(query)) {
    if (valor !== undefined && valor !== null) url.searchParams.set(clave, String(valor));
  }
  url.searchParams.set('tsp', String(Date.now()));
  return url.pathname + url.search;
}

async function leerCuerpo(respuesta: Response): Promise<unknown> {
  const texto = await respuesta.text();
  if (!texto) return undefined;
  try {
    return JSON.parse(texto) as unknown;
  } catch {
    return texto;
  }
}

export async function peticion<T>(ruta: string, opciones: OpcionesPeticion<T> = {}): Promise<T> {
  const { metodo = 'GET', query, cuerpo, esquema, signal } = opciones;
  const usaSesion = opciones.autenticada !== false && !opciones.credenciales;
  const credenciales =
    opciones.autenticada === false
      ? undefined
      : (opciones.credenciales ?? credencialesDeSesion(leerSesion()));

  const headers = new Headers({ Accept: 'application/json' });
  if (credenciales) {
    headers.set('Authorization', authorizationHeader(credenciales.usuario, credenciales.md5));
  }
  if (cuerpo !== undefined) headers.set('Content-Type', 'application/json');

  let respuesta: Response;
  try {
    respuesta = await fetch(construirUrl(ruta, query), {
      method: metodo,
      headers,
      body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
      signal,
    });
  } catch (error) {
    // A cancelled query is not an error to show.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0));
  }

  const dato = await leerCuerpo(respuesta);
  if (!respuesta.ok) {
    const cuerpoError = zCuerpoError.safeParse(dato);
    const info = cuerpoError.success ? cuerpoError.data : {};
    // The stored credentials are no longer accepted (password changed, user removed): end the
    // session so the guards send the person back to login.
    if (respuesta.status === 401 && usaSesion && credenciales) borrarSesion();
    throw new ApiError(
      respuesta.status,
      info.code ?? `HTTP_${respuesta.status}`,
      mensajeParaEstado(respuesta.status, info.message),
      info.requestId,
      info.field,
    );
  }

  if (!esquema) return dato as T;
  try {
    return esquema.parse(dato);
  } catch (error) {
    console.error('Respuesta inesperada del servidor', ruta, error);
    throw new ApiError(respuesta.status, CODIGO_RESPUESTA_INVALIDA, mensajeParaEstado(500));
  }
}

export const http = {
  get: <T>(ruta: string, opciones?: Omit<OpcionesPeticion<T>, 'metodo' | 'cuerpo'>) =>
    peticion<T>(ruta, { ...opciones, metodo: 'GET' }),
  post: <T>(ruta: string, cuerpo?: unknown, opciones?: Omit<OpcionesPeticion<T>, 'metodo'>) =>
    peticion<T>(ruta, { ...opciones, metodo: 'POST', cuerpo }),
  put: <T>(ruta: string, cuerpo?: unknown, opciones?: Omit<OpcionesPeticion<T>, 'metodo'>) =>
    peticion<T>(ruta, { ...opciones, metodo: 'PUT', cuerpo }),
  delete: <T>(ruta: string, opciones?: Omit<OpcionesPeticion<T>, 'metodo' | 'cuerpo'>) =>
    peticion<T>(ruta, { ...opciones, metodo: 'DELETE' }),
};
