import {
  authorizationHeader,
  urlDe,
  zErrorBody,
  type CuerpoDe,
  type DefRuta,
  type ParamsDe,
  type RespuestaDe,
} from '@delego/contract';
import {
  ApiError,
  CODIGO_RESPUESTA_INVALIDA,
  CODIGO_SIN_CONEXION,
  codigoDeRespuesta,
  mensajeParaEstado,
} from './errors';
import { z } from 'zod';
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

// The code is read apart (codigoDeRespuesta): a body with a code we do not know keeps its message.
const zCuerpoError = zErrorBody.partial().extend({ code: zErrorBody.shape.code.or(z.string()).optional() });

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

/** Headers with Authorization (unless the call goes without it) and what they were built from. */
function prepararCabeceras(
  opciones: Pick<OpcionesPeticion<unknown>, 'credenciales' | 'autenticada'>,
  accept: string,
): { headers: Headers; credenciales: Credenciales | undefined; usaSesion: boolean } {
  const usaSesion = opciones.autenticada !== false && !opciones.credenciales;
  const credenciales =
    opciones.autenticada === false ? undefined : (opciones.credenciales ?? credencialesDeSesion(leerSesion()));
  const headers = new Headers({ Accept: accept });
  if (credenciales) {
    headers.set('Authorization', authorizationHeader(credenciales.usuario, credenciales.md5));
  }
  return { headers, credenciales, usaSesion };
}

/** The `ApiError` of an answer with an error status, from its JSON body `{message, code, requestId, field}`. */
function errorDeRespuesta(
  status: number,
  dato: unknown,
  usaSesion: boolean,
  credenciales: Credenciales | undefined,
): ApiError {
  const cuerpoError = zCuerpoError.safeParse(dato);
  const info = cuerpoError.success ? cuerpoError.data : {};
  // The stored credentials are no longer accepted (password changed, user removed): end the
  // session so the guards send the person back to login.
  if (status === 401 && usaSesion && credenciales) borrarSesion();
  return new ApiError(
    status,
    codigoDeRespuesta(status, info.code),
    mensajeParaEstado(status, info.message),
    info.requestId,
    info.field,
  );
}

/** fetch, with a failure to reach the server as `ApiError` (status 0); a cancelled call stays an AbortError. */
async function enviar(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    // A cancelled query is not an error to show.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0));
  }
}

function validar<T>(ruta: string, status: number, dato: unknown, esquema?: Esquema<T>): T {
  if (!esquema) return dato as T;
  try {
    return esquema.parse(dato);
  } catch (error) {
    console.error('Respuesta inesperada del servidor', ruta, error);
    throw new ApiError(status, CODIGO_RESPUESTA_INVALIDA, mensajeParaEstado(500));
  }
}

export async function peticion<T>(ruta: string, opciones: OpcionesPeticion<T> = {}): Promise<T> {
  const { metodo = 'GET', query, cuerpo, esquema, signal } = opciones;
  const { headers, credenciales, usaSesion } = prepararCabeceras(opciones, 'application/json');
  if (cuerpo !== undefined) headers.set('Content-Type', 'application/json');

  const respuesta = await enviar(construirUrl(ruta, query), {
    method: metodo,
    headers,
    body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
    signal,
  });

  const dato = await leerCuerpo(respuesta);
  if (!respuesta.ok) throw errorDeRespuesta(respuesta.status, dato, usaSesion, credenciales);
  return validar(ruta, respuesta.status, dato, esquema);
}

/** A file the server sent: its bytes, the name it gave (Content-Disposition) and its type. */
export interface Descarga {
  blob: Blob;
  /** The file name of Content-Disposition (`filename*` first), or null when it gave none. */
  nombre: string | null;
  tipo: string;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 5987) first, then `filename="…"`. */
export function nombreDeDisposicion(cabecera: string | null): string | null {
  if (!cabecera) return null;
  const extendido = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(cabecera);
  if (extendido?.[2]) {
    try {
      return decodeURIComponent(extendido[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const simple = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(cabecera);
  const nombre = (simple?.[1] ?? simple?.[2])?.replace(/\\(.)/g, '$1').trim();
  return nombre || null;
}

/**
 * A call whose answer is a file (downloads, thumbnails, the PDF, the ZIP, the .xlsx): the same
 * Authorization, tsp and error catalogue as `peticion`, but the body comes back as a Blob. Errors
 * still arrive as JSON `{message, code, requestId}`.
 */
export async function peticionArchivo(
  ruta: string,
  opciones: Omit<OpcionesPeticion<never>, 'esquema'> = {},
): Promise<Descarga> {
  const { metodo = 'GET', query, cuerpo, signal } = opciones;
  const { headers, credenciales, usaSesion } = prepararCabeceras(opciones, '*/*');
  if (cuerpo !== undefined) headers.set('Content-Type', 'application/json');

  const respuesta = await enviar(construirUrl(ruta, query), {
    method: metodo,
    headers,
    body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
    signal,
  });
  if (!respuesta.ok) {
    throw errorDeRespuesta(respuesta.status, await leerCuerpo(respuesta), usaSesion, credenciales);
  }
  let blob: Blob;
  try {
    blob = await respuesta.blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The connection dropped in the middle of the file.
    throw new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0));
  }
  const tipo = respuesta.headers.get('Content-Type') ?? blob.type;
  return { blob, nombre: nombreDeDisposicion(respuesta.headers.get('Content-Disposition')), tipo };
}

export interface OpcionesFormulario<T> extends Pick<
  OpcionesPeticion<T>,
  'query' | 'esquema' | 'credenciales' | 'autenticada' | 'signal'
> {
  metodo?: 'POST' | 'PUT';
  /** Called as the body goes out: bytes sent and the total (XMLHttpRequest's upload progress). */
  alProgresar?: (enviados: number, total: number) => void;
}

/**
 * Sends a multipart/form-data body (uploads) with the same Authorization, tsp, error catalogue
 * and answer validation as `peticion`. It goes through XMLHttpRequest, the only browser API that
 * reports how much of a request body has been sent (fetch does not).
 */
export function peticionFormulario<T>(
  ruta: string,
  formulario: FormData,
  opciones: OpcionesFormulario<T> = {},
): Promise<T> {
  const { metodo = 'POST', query, esquema, signal, alProgresar } = opciones;
  const { headers, credenciales, usaSesion } = prepararCabeceras(opciones, 'application/json');

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('La subida se canceló.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(metodo, construirUrl(ruta, query));
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    headers.forEach((valor, clave) => xhr.setRequestHeader(clave, valor));
    if (alProgresar) {
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable) alProgresar(e.loaded, e.total);
      });
    }
    const alCancelar = () => xhr.abort();
    signal?.addEventListener('abort', alCancelar, { once: true });
    const terminar = () => signal?.removeEventListener('abort', alCancelar);

    xhr.addEventListener('load', () => {
      terminar();
      const texto = xhr.responseText;
      let dato: unknown = undefined;
      if (texto) {
        try {
          dato = JSON.parse(texto) as unknown;
        } catch {
          dato = texto;
        }
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorDeRespuesta(xhr.status, dato, usaSesion, credenciales));
        return;
      }
      try {
        resolve(validar(ruta, xhr.status, dato, esquema));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      terminar();
      reject(new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0)));
    });
    xhr.addEventListener('abort', () => {
      terminar();
      reject(new DOMException('La subida se canceló.', 'AbortError'));
    });
    xhr.send(formulario);
  });
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
  /** A file: GET by default; with `metodo: 'POST'` and `cuerpo` for exports that take filters. */
  archivo: (ruta: string, opciones?: Omit<OpcionesPeticion<never>, 'esquema'>) => peticionArchivo(ruta, opciones),
  /** A multipart/form-data upload, with progress. */
  formulario: <T>(ruta: string, formulario: FormData, opciones?: OpcionesFormulario<T>) =>
    peticionFormulario<T>(ruta, formulario, opciones),
};

// ---------------------------------------------------------------------------------------------
// Calls by route: the contract's table (RUTAS) gives method, path and the answer's schema.

type ConParams<R extends DefRuta> = R['params'] extends z.ZodType ? { params: ParamsDe<R> } : { params?: undefined };
type ConCuerpo<R extends DefRuta> = R['body'] extends z.ZodType ? { cuerpo: CuerpoDe<R> } : { cuerpo?: undefined };

/** What a call by route takes besides the route: its params and body (typed by the route), and the usual options. */
export type OpcionesRuta<R extends DefRuta> = ConParams<R> &
  ConCuerpo<R> &
  Pick<OpcionesPeticion<never>, 'query' | 'credenciales' | 'autenticada' | 'signal'>;

/** The call of one route of the table; its 200 answer is validated with the route's schema. */
export function llamar<R extends DefRuta>(ruta: R, opciones: OpcionesRuta<R>): Promise<RespuestaDe<R>> {
  const { params, cuerpo, ...resto } = opciones as OpcionesRuta<DefRuta> & { params?: object; cuerpo?: unknown };
  const url = (urlDe as (r: DefRuta, p?: object) => string)(ruta, params);
  const esquema = ruta.response?.[200] as Esquema<RespuestaDe<R>> | undefined;
  return peticion<RespuestaDe<R>>(url, { ...resto, metodo: ruta.metodo, cuerpo, esquema });
}

/** A route whose answer is a file (PDF, XLSX, ZIP, a download), as `peticionArchivo`. */
export function llamarArchivo<R extends DefRuta>(ruta: R, opciones: OpcionesRuta<R>): Promise<Descarga> {
  const { params, cuerpo, ...resto } = opciones as OpcionesRuta<DefRuta> & { params?: object; cuerpo?: unknown };
  const url = (urlDe as (r: DefRuta, p?: object) => string)(ruta, params);
  return peticionArchivo(url, { ...resto, metodo: ruta.metodo, cuerpo });
}
