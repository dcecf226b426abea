import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENSAJES, type CodigoError, type ErrorBody } from '@delego/contract';
import { esBaseNoDisponible, esConflictoPasajero, REINTENTAR_EN_S } from './db-errors.js';
import { AppError } from './errors.js';
import { resumenError } from '../lib/log-redaction.js';

function fieldOf(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

/**
 * An answer before the whole body arrived (a refused upload stops reading its parts): the rest is
 * read and thrown away, as Node does with a body nobody read. Left paused, it would hold the
 * keep-alive connection, and the client's next request on it would wait until the connection
 * timed out.
 */
function descartarElResto(cuerpo: IncomingMessage): void {
  cuerpo.unpipe();
  cuerpo.resume();
}

/** Maps every error to `{ code, message, requestId }` with a Spanish message; 5xx never leak internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const requestId = String(req.id);
    if (!req.raw.complete) descartarElResto(req.raw);
    if (err instanceof AppError) {
      if (err.extra.retryAfterS) void reply.header('Retry-After', String(err.extra.retryAfterS));
      const body: ErrorBody = { code: err.code, message: err.message, requestId };
      if (err.extra.field) body.field = err.extra.field;
      if (err.extra.issues?.length) body.issues = err.extra.issues;
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Two checks of one schema can say the same of one field (a number that is neither an integer
      // nor in range): each thing to fix is said once.
      const vistos = new Set<string>();
      const issues = err.validation
        .map((v) => ({ field: fieldOf(v.instancePath, err.validationContext), message: v.message ?? 'valor inválido' }))
        .filter((i) => {
          const clave = `${i.field}\u0000${i.message}`;
          if (vistos.has(clave)) return false;
          vistos.add(clave);
          return true;
        });
      const first = issues[0];
      const body: ErrorBody = {
        code: 'DATOS_INVALIDOS',
        message: first ? `Dato inválido en "${first.field}": ${first.message}` : MENSAJES.datosInvalidos,
        requestId,
        issues,
      };
      if (first) body.field = first.field;
      return reply.status(400).send(body);
    }
    if (esConflictoPasajero(err)) {
      // The transaction was rolled back whole: the same request again is safe, and soon succeeds.
      req.log.warn({ err: resumenError(err) }, 'base.conflictoPasajero');
      return reply
        .status(503)
        .header('Retry-After', '1')
        .send({
          code: 'SERVICIO_NO_DISPONIBLE',
          message: MENSAJES.servicioNoDisponible,
          requestId,
        } satisfies ErrorBody);
    }
    if (esBaseNoDisponible(err)) {
      req.log.warn({ err: resumenError(err) }, 'base.noDisponible');
      return reply
        .status(503)
        .header('Retry-After', String(REINTENTAR_EN_S))
        .send({
          code: 'SERVICIO_NO_DISPONIBLE',
          message: MENSAJES.servicioNoDisponible,
          requestId,
        } satisfies ErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const known: Record<string, [CodigoError, string]> = {
        FST_ERR_CTP_INVALID_JSON_BODY: ['DATOS_INVALIDOS', 'El cuerpo de la solicitud no es un JSON válido.'],
        FST_ERR_CTP_EMPTY_JSON_BODY: ['DATOS_INVALIDOS', 'El cuerpo de la solicitud está vacío.'],
        FST_ERR_CTP_INVALID_MEDIA_TYPE: ['TIPO_NO_SOPORTADO', 'El tipo de contenido enviado no es soportado.'],
        FST_ERR_CTP_BODY_TOO_LARGE: ['DEMASIADO_GRANDE', 'La solicitud supera el tamaño permitido.'],
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['DATOS_INVALIDOS', 'El largo declarado de la solicitud no es válido.'],
      };
      const [code, message]: [CodigoError, string] = known[err.code] ?? ['DATOS_INVALIDOS', MENSAJES.datosInvalidos];
      return reply.status(status).send({ code, message, requestId } satisfies ErrorBody);
    }
    // A summary, never the error itself: Drizzle's carries the statement's values, pg's the row.
    req.log.error({ err: resumenError(err) }, 'error.interno');
    return reply
      .status(500)
      .send({ code: 'ERROR_INTERNO', message: MENSAJES.errorInesperado, requestId } satisfies ErrorBody);
  });
}
