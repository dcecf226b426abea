import {
  authorizationHeader,
  esquemaDeExito,
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
import { leerCuerpo } from './respuesta-http';

/**
 * The one HTTP client of the app. Every call:
 * - carries `Authorization: <usuario>#<md5>` (from the stored session, or the credentials given)
 *   and the `tsp=<Date.now()>` query parameter (SPEC §7);
 * - turns every failure into an `ApiError` whose message follows the error catalogue (SPEC §8);
 * - validates the answer with a contract schema, so the types cannot lie.
 * The app calls a route of the contract's table (`llamar`, `llamarArchivo`, `llamarFormulario`):
 * method, path and answer schema come from `RUTAS`. `peticion*` are the plain calls under them.
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
  /** The answer's schema: every JSON answer is validated, none is taken on trust. */
  esquema: Esquema<T>;
  /** Credentials for this call instead of the stored session's (login uses this). */
  credenciales?: Credenciales;
  /** False for calls that must go without Authorization (registration). Default true. */
  autenticada?: boolean;
  signal?: AbortSignal;
  /**
   * `Idempotency-Key` (a UUID): the server applies a change with the same key once and answers a
   * repetition with the first answer. The offline outbox sends one with every change (lib/outbox).
   */
  idempotencia?: string;
  /** `X-Hecho-En`: when the change was made on the device (epoch ms), for the order's history. */
  hechoEn?: number;
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

/** Headers with Authorization (unless the call goes without it) and what they were built from. */
function prepararCabeceras(
  opciones: Pick<OpcionesPeticion<unknown>, 'credenciales' | 'autenticada' | 'idempotencia' | 'hechoEn'>,
  accept: string,
): { headers: Headers; credenciales: Credenciales | undefined; usaSesion: boolean } {
  const usaSesion = opciones.autenticada !== false && !opciones.credenciales;
  const credenciales =
    opciones.autenticada === false ? undefined : (opciones.credenciales ?? credencialesDeSesion(leerSesion()));
  const headers = new Headers({ Accept: accept });
  if (credenciales) {
    headers.set('Authorization', authorizationHeader(credenciales.usuario, credenciales.md5));
  }
  if (opciones.idempotencia) headers.set('Idempotency-Key', opciones.idempotencia);
  if (opciones.hechoEn !== undefined) headers.set('X-Hecho-En', String(Math.round(opciones.hechoEn)));
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

function validar<T>(ruta: string, status: number, dato: unknown, esquema: Esquema<T>): T {
  try {
    return esquema.parse(dato);
  } catch (error) {
    console.error('Respuesta inesperada del servidor', ruta, error);
    throw new ApiError(status, CODIGO_RESPUESTA_INVALIDA, mensajeParaEstado(500));
  }
}

/** Sends a call (with its body as JSON, if any); an answer with an error status becomes its `ApiError`. */
async function enviarPeticion(
  ruta: string,
  opciones: Omit<OpcionesPeticion<unknown>, 'esquema'>,
  accept: string,
): Promise<Response> {
  const { metodo = 'GET', query, cuerpo, signal } = opciones;
  const { headers, credenciales, usaSesion } = prepararCabeceras(opciones, accept);
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
  return respuesta;
}

export async function peticion<T>(ruta: string, opciones: OpcionesPeticion<T>): Promise<T> {
  const respuesta = await enviarPeticion(ruta, opciones, 'application/json');
  return validar(ruta, respuesta.status, await leerCuerpo(respuesta), opciones.esquema);
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
  const respuesta = await enviarPeticion(ruta, opciones, '*/*');
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
  'query' | 'esquema' | 'credenciales' | 'autenticada' | 'signal' | 'idempotencia' | 'hechoEn'
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
export function peticionFormulario<T>(ruta: string, formulario: FormData, opciones: OpcionesFormulario<T>): Promise<T> {
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

// ---------------------------------------------------------------------------------------------
// Calls by route: the contract's table (RUTAS) gives method, path and the answer's schema.

/** A JSON route of the table: it has a success schema (200, or 201), so every answer it gives is validated. */
export type RutaJson = DefRuta &
  ({ readonly response: { readonly 200: z.ZodType } } | { readonly response: { readonly 201: z.ZodType } });

type ConParams<R extends DefRuta> = R['params'] extends z.ZodType ? { params: ParamsDe<R> } : { params?: undefined };
/**
 * The body: typed by the route's schema. A multipart route parses its body in the handler (it has
 * no schema), so a JSON body for it (only removals, `ArchivosCambios`) is the caller's to type.
 */
type ConCuerpo<R extends DefRuta> = R['body'] extends z.ZodType
  ? { cuerpo: CuerpoDe<R> }
  : R['forma'] extends 'multipart'
    ? { cuerpo?: unknown }
    : { cuerpo?: undefined };

/** What a call by route takes besides the route: its params and body (typed by the route), and the usual options. */
export type OpcionesRuta<R extends DefRuta> = ConParams<R> &
  ConCuerpo<R> &
  Pick<OpcionesPeticion<never>, 'query' | 'credenciales' | 'autenticada' | 'signal' | 'idempotencia' | 'hechoEn'>;

/** The options of a call: required when the route has params or a body, optional otherwise. */
export type ArgsRuta<R extends DefRuta> = R['params'] extends z.ZodType
  ? [opciones: OpcionesRuta<R>]
  : R['body'] extends z.ZodType
    ? [opciones: OpcionesRuta<R>]
    : [opciones?: OpcionesRuta<R>];

type OpcionesSueltas = Omit<OpcionesRuta<DefRuta>, 'params' | 'cuerpo'> & { params?: object; cuerpo?: unknown };

/**
 * The URL of a route with its params, and the rest of the options. A public route (sign-up,
 * recovery) goes without Authorization unless the call says otherwise.
 */
function separar(ruta: DefRuta, opciones: OpcionesSueltas = {}) {
  const { params, autenticada = !ruta.publica, ...resto } = opciones;
  return { url: (urlDe as (r: DefRuta, p?: object) => string)(ruta, params), resto: { ...resto, autenticada } };
}

/** The schema of a JSON route's success answer (its 200, or its 201). */
function esquemaDe<R extends RutaJson>(ruta: R): Esquema<RespuestaDe<R>> {
  return esquemaDeExito(ruta) as Esquema<RespuestaDe<R>>;
}

/** The call of one route of the table; its answer is validated with the route's success schema. */
export function llamar<R extends RutaJson>(ruta: R, ...[opciones]: ArgsRuta<R>): Promise<RespuestaDe<R>> {
  const { url, resto } = separar(ruta, opciones as OpcionesSueltas | undefined);
  return peticion<RespuestaDe<R>>(url, { ...resto, metodo: ruta.metodo, esquema: esquemaDe(ruta) });
}

/** A route whose answer is a file (PDF, XLSX, ZIP, a download), as `peticionArchivo`. */
export function llamarArchivo<R extends DefRuta>(ruta: R, ...[opciones]: ArgsRuta<R>): Promise<Descarga> {
  const { url, resto } = separar(ruta, opciones as OpcionesSueltas | undefined);
  return peticionArchivo(url, { ...resto, metodo: ruta.metodo });
}

/** An upload to a multipart route, as `peticionFormulario`; its answer is validated with the route's success schema. */
export function llamarFormulario<R extends RutaJson & { readonly metodo: 'POST' | 'PUT' }>(
  ruta: R,
  formulario: FormData,
  opciones: Omit<OpcionesRuta<R>, 'cuerpo'> & Pick<OpcionesFormulario<never>, 'alProgresar'>,
): Promise<RespuestaDe<R>> {
  const { url, resto } = separar(ruta, opciones as OpcionesSueltas);
  return peticionFormulario<RespuestaDe<R>>(url, formulario, {
    ...resto,
    metodo: ruta.metodo,
    esquema: esquemaDe(ruta),
  });
}
