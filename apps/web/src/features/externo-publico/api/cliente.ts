import { ESQUEMA_EXTERNO, esquemaDeExito, urlDe, zErrorBody, type DefRuta, type RespuestaDe } from '@delego/contract';
import { z } from 'zod';
import {
  ApiError,
  CODIGO_RESPUESTA_INVALIDA,
  CODIGO_SIN_CONEXION,
  codigoDeRespuesta,
  mensajeParaEstado,
} from '../../../lib/errors';
import { construirUrl, type RutaJson } from '../../../lib/http';
import { leerCuerpo } from '../../../lib/respuesta-http';

/**
 * The contractor's own HTTP client (issue 33 part 2). lib/http.ts builds its Authorization from
 * the session (`usuario#md5`) or from given user credentials and cannot carry another scheme, so
 * the page calls through this one: every call carries `Authorization: Externo <k>` and nothing
 * of a session the device may also hold (a 401 here never ends that session either). Errors are
 * the app's `ApiError` with the server's Spanish message, as in lib/http.ts.
 */

export interface OpcionesExterno {
  /** The route's path params (`{ id }`, `{ ordenId, archivoId }`). */
  params?: object;
  cuerpo?: unknown;
  /** A multipart body (uploads); wins over `cuerpo`. */
  formulario?: FormData;
  /** `Idempotency-Key`: the server applies a change with the same key once. */
  idempotencia?: string;
  /** `X-Hecho-En`: when the change was made on the device (epoch ms). */
  hechoEn?: number;
  signal?: AbortSignal;
}

const zCuerpoError = zErrorBody.partial().extend({ code: z.string().optional() });

/** `Externo <k>`. */
export function autorizacionExterno(k: string): string {
  return `${ESQUEMA_EXTERNO} ${k}`;
}

async function pedir(k: string, ruta: DefRuta, opciones: OpcionesExterno, accept: string): Promise<Response> {
  const { params, cuerpo, formulario, idempotencia, hechoEn, signal } = opciones;
  const headers = new Headers({ Accept: accept, Authorization: autorizacionExterno(k) });
  if (idempotencia) headers.set('Idempotency-Key', idempotencia);
  if (hechoEn !== undefined) headers.set('X-Hecho-En', String(Math.round(hechoEn)));
  let body: BodyInit | undefined;
  if (formulario) {
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    body = formulario;
  } else if (cuerpo !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(cuerpo);
  }
  const url = construirUrl((urlDe as (r: DefRuta, p?: object) => string)(ruta, params));
  let respuesta: Response;
  try {
    respuesta = await fetch(url, { method: ruta.metodo, headers, body, signal, credentials: 'omit' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0));
  }
  if (!respuesta.ok) {
    const r = zCuerpoError.safeParse(await leerCuerpo(respuesta));
    const info = r.success ? r.data : {};
    throw new ApiError(
      respuesta.status,
      codigoDeRespuesta(respuesta.status, info.code),
      mensajeParaEstado(respuesta.status, info.message),
      info.requestId,
      info.field,
    );
  }
  return respuesta;
}

/** A JSON route of the contract's table, called with the link; its answer is validated by the route's schema. */
export async function llamarExterno<R extends RutaJson>(
  k: string,
  ruta: R,
  opciones: OpcionesExterno = {},
): Promise<RespuestaDe<R>> {
  const respuesta = await pedir(k, ruta, opciones, 'application/json');
  let dato: unknown;
  try {
    dato = await leerCuerpo(respuesta);
  } catch {
    throw new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0));
  }
  const r = (esquemaDeExito(ruta) as z.ZodType).safeParse(dato);
  if (!r.success) {
    console.error('Respuesta inesperada del servidor', ruta.path, r.error);
    throw new ApiError(respuesta.status, CODIGO_RESPUESTA_INVALIDA, mensajeParaEstado(500));
  }
  return r.data as RespuestaDe<R>;
}

/**
 * A change of the outbox: any 2xx means the server applied it. Its answer is not checked against
 * the schema (the page reads the order again after it): a change the server took must never be
 * shown as refused because its answer had another shape.
 */
export async function enviarExterno(k: string, ruta: DefRuta, opciones: OpcionesExterno = {}): Promise<unknown> {
  const respuesta = await pedir(k, ruta, opciones, 'application/json');
  return leerCuerpo(respuesta).catch(() => undefined);
}

/** A route whose answer is a file (a thumbnail, a download), with the link: its bytes. */
export async function archivoExterno(k: string, ruta: DefRuta, opciones: OpcionesExterno = {}): Promise<Blob> {
  const respuesta = await pedir(k, ruta, opciones, '*/*');
  try {
    return await respuesta.blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CODIGO_SIN_CONEXION, mensajeParaEstado(0));
  }
}
