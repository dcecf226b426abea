import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LIMITES_SOLICITUD, RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import { registrar } from '../../kernel/rutas.js';
import { enviarDescarga, partesDe, type Parte } from '../files/index.js';
import { NO_MULTIPART, type SolicitudesPublicas } from './solicitudes.publico.js';
import type { SolicitudesService } from './solicitudes.service.js';

/** The fields of a request are a few short texts: more of them, or longer, is not a form of ours. */
const CAMPOS = 12;
const LARGO_CAMPO = 16 * 1024;

/** The parts of a request's multipart body; anything else is refused before the service runs. */
function partes(req: FastifyRequest): AsyncIterable<Parte> {
  if (!req.isMultipart()) throw AppError.invalid('que', NO_MULTIPART);
  return partesDe(req);
}

/**
 * The public calls of requests (docs/SOLICITUDES.md): outside the auth hook. Tokens travel only in
 * the query string (`k`, `t`) or the form's field `k`: the request log writes the path alone and
 * lib/log-redaction.ts masks `k=` anywhere else. The multipart parser holds the photos' limits:
 * 5 files of 8 MB at most.
 */
export const solicitudesPublicRoutes =
  (p: SolicitudesPublicas): FastifyPluginAsync =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: LIMITES_SOLICITUD.fotoBytes,
        files: LIMITES_SOLICITUD.fotos,
        fields: CAMPOS,
        fieldSize: LARGO_CAMPO,
        parts: LIMITES_SOLICITUD.fotos + CAMPOS,
      },
    });
    registrar(app, RUTAS.formularioSolicitud, async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return p.formulario(req.query.k, req.ip);
    });
    registrar(app, RUTAS.formularioQr, async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return p.formularioQr(req.params.codigo, req.ip);
    });
    registrar(app, RUTAS.enviarSolicitud, async (req) => p.enviar({ por: 'enlace' }, partes(req), req.ip));
    registrar(app, RUTAS.enviarSolicitudQr, async (req) =>
      p.enviar({ por: 'qr', codigo: req.params.codigo }, partes(req), req.ip),
    );
    registrar(app, RUTAS.seguimientoSolicitud, async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return p.seguimiento(req.query.t, req.ip);
    });
  };

/** The company's calls: the inbox, its decisions and each client's request link. */
export const solicitudesRoutes =
  (s: SolicitudesService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.solicitudes, async (req) => s.list(actorOf(req), req.query.estado));
    registrar(app, RUTAS.solicitudesPendientes, async (req) => s.pendientes(actorOf(req)));
    registrar(app, RUTAS.solicitud, async (req) => s.find(actorOf(req), req.params.id));
    registrar(app, RUTAS.fotoSolicitud, async (req, reply) => {
      const d = await s.foto(actorOf(req), req.params.id, req.params.fotoId);
      return enviarDescarga(req, reply, d, true);
    });
    registrar(app, RUTAS.aceptarSolicitud, async (req) => s.aceptar(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.rechazarSolicitud, async (req) => s.rechazar(actorOf(req), req.params.id, req.body.motivo));
    registrar(app, RUTAS.enlaceSolicitudes, async (req) => s.enlace(actorOf(req), req.params.id));
    registrar(app, RUTAS.crearEnlaceSolicitudes, async (req) => s.crearEnlace(actorOf(req), req.params.id));
    registrar(app, RUTAS.quitarEnlaceSolicitudes, async (req) => s.quitarEnlace(actorOf(req), req.params.id));
  };
