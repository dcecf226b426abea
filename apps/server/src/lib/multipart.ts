import { AppError } from '../kernel/errors.js';

/** What the multipart parser (@fastify/multipart) refused in a body. */
export type FalloMultipart =
  | 'archivoGrande'
  | 'demasiadosArchivos'
  | 'demasiadosCampos'
  | 'campoInvalido'
  | 'noMultipart'
  | 'interrumpido'
  | 'malFormado';

/** The parser's refusal an error is, by its code or, for the ones without a code, its message. */
function falloDeMultipart(e: unknown): FalloMultipart | undefined {
  switch ((e as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'archivoGrande';
    case 'FST_FILES_LIMIT':
      return 'demasiadosArchivos';
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'demasiadosCampos';
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return 'campoInvalido';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'noMultipart';
    case 'FST_MP_PREMATURE_CLOSE':
      return 'interrumpido';
    default:
      break;
  }
  if (e instanceof Error && /multipart|unexpected end of form|malformed|boundary/i.test(e.message)) {
    return 'malFormado';
  }
  return undefined;
}

/**
 * An error met while reading a multipart body, as the caller's Spanish refusal (`errores`, one per
 * kind of refusal, saying what was not stored); an AppError or any other error stays as it is.
 */
export function traducirFalloMultipart(e: unknown, errores: Record<FalloMultipart, () => AppError>): unknown {
  if (e instanceof AppError) return e;
  const fallo = falloDeMultipart(e);
  return fallo ? errores[fallo]() : e;
}
