import { z } from 'zod';

/**
 * Every `code` the server puts in an error body `{ code, message, requestId }`, with the HTTP
 * status it goes with. The server's `AppError` takes only these; the web reads them.
 */
export const ESTADO_DE_CODIGO = {
  DATOS_INVALIDOS: 400,
  NO_AUTENTICADO: 401,
  LOGIN_INVALIDO: 403,
  /** Right password, but the account was never confirmed by mail: the web offers to resend it. */
  CUENTA_NO_CONFIRMADA: 403,
  SIN_PERMISO: 403,
  NO_ENCONTRADO: 404,
  /** A mailed link (confirmation, recovery, invitation) the server never issued. */
  ENLACE_INVALIDO: 404,
  TIEMPO_AGOTADO: 408,
  CONFLICTO: 409,
  TRANSICION_INVALIDA: 409,
  /**
   * An allowed transition that a rule of another module blocks (required checklist items not done,
   * conformity missing): the message lists every reason, `issues` one each.
   */
  TRANSICION_BLOQUEADA: 409,
  QUOTA_AGOTADA: 409,
  /** The same Idempotency-Key is still running (a duplicate sent at the same time): retry later. */
  IDEMPOTENCIA_EN_PROCESO: 409,
  /** A mailed link past its time: the web offers to ask for a new one. */
  ENLACE_VENCIDO: 410,
  /** A recovery or invitation link already spent. */
  ENLACE_USADO: 410,
  DEMASIADO_GRANDE: 413,
  TIPO_NO_SOPORTADO: 415,
  RANGO_INVALIDO: 416,
  /** An Idempotency-Key already used with a different request. */
  IDEMPOTENCIA_DISTINTA: 422,
  DEMASIADOS_INTENTOS: 429,
  ERROR_INTERNO: 500,
  SERVICIO_NO_DISPONIBLE: 503,
} as const satisfies Record<string, number>;

export type CodigoError = keyof typeof ESTADO_DE_CODIGO;

export const CODIGOS_ERROR = Object.keys(ESTADO_DE_CODIGO) as [CodigoError, ...CodigoError[]];

export const zCodigoError = z.enum(CODIGOS_ERROR);
