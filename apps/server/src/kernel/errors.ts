import { ESTADO_DE_CODIGO, MENSAJES, type CodigoError } from '@delego/contract';

/** The codes of the contract (`CODIGOS_ERROR`); each has its HTTP status there. */
export type ErrorCode = CodigoError;

/** The one error type of the server: a stable code and a Spanish message a person can read. */
export class AppError extends Error {
  // Named as a value: the server runs minified (scripts/empaquetar.mjs), and the log's `tipo` reads it.
  override readonly name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      field?: string;
      retryAfterS?: number;
      /** One reason per entry, for a screen to list (a blocked state change lists each rule's). */
      issues?: { field: string; message: string }[];
    } = {},
  ) {
    super(message);
    this.status = ESTADO_DE_CODIGO[code];
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
