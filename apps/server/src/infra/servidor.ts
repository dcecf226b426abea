import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';
import { installErrorHandler } from '../kernel/error-handler.js';
import { limitConnectionsPerAddress, responderYCerrar, timeoutOptions } from '../lib/connection-guard.js';
import { opcionesDeLog, urlParaLog } from '../lib/log-redaction.js';
import { registerSecurityHeaders } from '../lib/security-headers.js';
import { serializadorDeRespuestas } from '../lib/serializer.js';
import { fastifyTrustProxy, listedProxy } from '../lib/trust-proxy.js';
import { erroresDeUrl, validatorCompilerSeguro } from '../lib/validator.js';

// Zod's messages in Spanish: every 400 of the contract's validation reads them.
z.config(z.locales.es());

export interface OpcionesServidor {
  /** Where log lines go instead of stdout (tests read them); the level is still config.logLevel. */
  logStream?: DestinationStream | undefined;
  /** Called with every route as it is registered (tests build the route table from it). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
  /** Every answer checked against the contract's Zod schema besides its compiled serializer. */
  verificarRespuestas?: boolean | undefined;
}

/**
 * The HTTP server before any route: a redacting log with one line per request, slow and idle
 * clients closed, connections per address capped, the contract's validation and serialization,
 * Spanish errors and the security headers.
 */
export function crearServidor(config: Config, parts: OpcionesServidor): FastifyInstance {
  const app = Fastify({
    // Hashes, credentials, tokens and SQL values never reach a line (lib/log-redaction.ts).
    logger: opcionesDeLog(config.logLevel, parts.logStream),
    frameworkErrors: erroresDeUrl,
    genReqId: () => randomUUID(),
    // One line per request, written by the onResponse hook below (debug for successes).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A request that reaches a stopping instance on a connection already open is still served (the
    // database closes after the last one); Fastify's own 503 would be in English and lose it.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 5000 },
    // req.ip is the client behind the proxies TRUST_PROXY names (login throttle, live socket).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow and idle clients are closed (HEADERS_TIMEOUT_MS and the rest, see connection-guard.ts).
    ...timeoutOptions(config),
    clientErrorHandler(err, socket) {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const tooLarge = (err as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const timedOut = (err as { code?: string }).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const status = tooLarge ? 431 : timedOut ? 408 : 400;
      const body = JSON.stringify({
        code: timedOut ? 'TIEMPO_AGOTADO' : 'DATOS_INVALIDOS',
        message: tooLarge
          ? 'Los encabezados de la solicitud son demasiado grandes.'
          : timedOut
            ? 'La solicitud tardó demasiado en llegar.'
            : 'La solicitud está mal formada.',
        requestId: randomUUID(),
      });
      const reason = tooLarge ? 'Request Header Fields Too Large' : timedOut ? 'Request Timeout' : 'Bad Request';
      // Destroyed shortly after, read or not (connection-guard.ts).
      responderYCerrar(
        socket,
        `HTTP/1.1 ${status} ${reason}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();
  limitConnectionsPerAddress(app.server, {
    maxPerAddress: config.maxConnectionsPerAddress,
    exempt: listedProxy(config.trustProxy),
    onLimit: (address) => app.log.warn({ address, max: config.maxConnectionsPerAddress }, 'conexiones.limite'),
  });
  if (parts.onRoute) app.addHook('onRoute', parts.onRoute);

  const logSuccesses = config.logLevel === 'debug' || config.logLevel === 'trace';
  app.addHook('onResponse', (req, reply, done) => {
    const error = reply.statusCode >= 400;
    if (!error && !logSuccesses) {
      done();
      return;
    }
    // req.log already carries reqId.
    const line = {
      method: req.method,
      // Links' tokens (in the path of a page, in a public call's query) are never written.
      url: urlParaLog(req.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      usuarioId: req.actor?.id,
    };
    if (error) req.log.info(line, 'respuesta');
    else req.log.debug(line, 'respuesta');
    done();
  });
  app.setValidatorCompiler(validatorCompilerSeguro);
  // Answers are written by each route's compiled serializer; unless the server turns it off
  // (boot.ts), Zod checks every one too, as in the tests (lib/serializer.ts).
  app.setSerializerCompiler(serializadorDeRespuestas({ verificar: parts.verificarRespuestas ?? true }));
  app.decorateRequest('actor', null);
  installErrorHandler(app);
  registerSecurityHeaders(app);
  return app;
}
