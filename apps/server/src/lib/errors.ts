import { MENSAJES } from '@delego/contract';

export type ErrorCode =
  | 'DATOS_INVALIDOS'
  | 'NO_AUTENTICADO'
  | 'LOGIN_INVALIDO'
  | 'SIN_PERMISO'
  | 'NO_ENCONTRADO'
  | 'CONFLICTO'
  | 'DEMASIADOS_INTENTOS'
  | 'QUOTA_AGOTADA'
  | 'TRANSICION_INVALIDA'
  | 'DEMASIADO_GRANDE'
  | 'TIPO_NO_SOPORTADO'
  | 'ERROR_INTERNO'
  | 'SERVICIO_NO_DISPONIBLE';

const STATUS: Record<ErrorCode, number> = {
  DATOS_INVALIDOS: 400,
  NO_AUTENTICADO: 401,
  LOGIN_INVALIDO: 403,
  SIN_PERMISO: 403,
  NO_ENCONTRADO: 404,
  CONFLICTO: 409,
  TRANSICION_INVALIDA: 409,
  QUOTA_AGOTADA: 409,
  DEMASIADO_GRANDE: 413,
  TIPO_NO_SOPORTADO: 415,
  DEMASIADOS_INTENTOS: 429,
  ERROR_INTERNO: 500,
  SERVICIO_NO_DISPONIBLE: 503,
};

/** The one error type of the server: a stable code and a Spanish message a person can read. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfterS?: number } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }

  static invalid(field: string, message: string): AppError {
    return new AppError('DATOS_INVALIDOS', message, { field });
  }
  static notFound(message: string = MENSAJES.noEncontrado): AppError {
    return new AppError('NO_ENCONTRADO', message);
  }
  static forbidden(message: string = MENSAJES.sinPermiso): AppError {
    return new AppError('SIN_PERMISO', message);
  }
}
