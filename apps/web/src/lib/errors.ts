import { CODIGOS_ERROR, CONSTANTES, MENSAJES, type CodigoError } from '@delego/contract';
import { mensajeParaEstadoCon } from './respuesta-http';

/**
 * The error catalogue of SPEC §8, in one place: what a failed call means for the person using
 * the app. The HTTP client turns every failure into an `ApiError` whose message already follows
 * this catalogue; `presentarError` decides how it is shown (alert or toast).
 */

/** Title of the generic error alert. */
export const TITULO_ALERTA = 'Atención';
/** The only button of the generic error alert. */
export const BOTON_ALERTA = 'OK';

/** Code used when the server could not be reached at all (no HTTP response). */
export const CODIGO_SIN_CONEXION = 'SIN_CONEXION';
/** Code used when the server answered something that is not what the contract says. */
export const CODIGO_RESPUESTA_INVALIDA = 'RESPUESTA_INVALIDA';

/**
 * The `code` of an `ApiError`: one of the server's (`CODIGOS_ERROR` of the contract), one of the
 * client's own above, or `HTTP_<status>` when the answer carried none we know (a proxy's page).
 */
export type CodigoApi = CodigoError | typeof CODIGO_SIN_CONEXION | typeof CODIGO_RESPUESTA_INVALIDA | `HTTP_${number}`;

/** The code of an error answer: the server's when it is one of the contract's, else `HTTP_<status>`. */
export function codigoDeRespuesta(status: number, code: string | undefined): CodigoApi {
  return code !== undefined && (CODIGOS_ERROR as readonly string[]).includes(code)
    ? (code as CodigoError)
    : `HTTP_${status}`;
}

/** A failed call to the server; `message` is already the Spanish text a person should read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** A `CodigoApi` when it comes from the HTTP client (tests build others). */
    readonly code: string,
    message: string,
    readonly requestId?: string,
    /** The request field the server blamed (`field` of the error body), e.g. 'usuario'. */
    readonly field?: string,
  ) {
    super(message);
  }

  /** True when no HTTP answer came back (network down, DNS, server not running). */
  get esSinConexion(): boolean {
    return this.status === 0;
  }
}

/** An error raised by the app itself whose message is meant for the person (Spanish). */
export class ErrorDeUsuario extends Error {
  override readonly name = 'ErrorDeUsuario';
}

/** The server says the thing asked for does not exist (or is not the caller's to see): a 404. */
export function esNoEncontrado(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The Spanish message for an HTTP answer with an error status (SPEC §8).
 * `mensajeServidor` is the `message` of the server's JSON body, if there was one.
 */
export function mensajeParaEstado(status: number, mensajeServidor?: string | null): string {
  return mensajeParaEstadoCon(MENSAJES, status, mensajeServidor);
}

/**
 * The message of any thrown value: ours carry a Spanish message; anything else (a bug, a
 * library's English error) becomes 'Ocurrió un error inesperado'.
 */
export function mensajeDeError(error: unknown): string {
  if ((error instanceof ApiError || error instanceof ErrorDeUsuario) && error.message.trim()) {
    return error.message;
  }
  return MENSAJES.errorInesperado;
}

export type PresentacionError =
  { tipo: 'alerta'; titulo: string; mensaje: string } | { tipo: 'toast'; mensaje: string; duracionMs: number };

/** The toast shown while the device is offline (SPEC §8). */
export const TOAST_OFFLINE: PresentacionError = {
  tipo: 'toast',
  mensaje: MENSAJES.offline,
  duracionMs: CONSTANTES.toastOfflineMs,
};

/**
 * How an error is shown: a failure to reach the server while the device is offline is the
 * offline toast; everything else is the generic 'Atención' alert.
 */
export function presentarError(error: unknown, enLinea: boolean): PresentacionError {
  if (!enLinea && error instanceof ApiError && error.esSinConexion) return TOAST_OFFLINE;
  return { tipo: 'alerta', titulo: TITULO_ALERTA, mensaje: mensajeDeError(error) };
}

/** True for errors that retrying will not fix (the server understood and refused). */
export function esErrorDefinitivo(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

type OyenteErrores = (error: unknown) => void;
const oyentes = new Set<OyenteErrores>();

/**
 * Reports an error to the person. The error feedback component (mounted once at the root)
 * listens and shows the alert or toast; code outside React (the query cache) can call it too.
 */
export function notificarError(error: unknown): void {
  if (oyentes.size === 0) {
    console.error(error);
    return;
  }
  for (const oyente of oyentes) oyente(error);
}

export function escucharErrores(oyente: OyenteErrores): () => void {
  oyentes.add(oyente);
  return () => {
    oyentes.delete(oyente);
  };
}
