import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { contentDisposition } from '../../lib/descarga.js';
import type { ClientSideService } from './client-side.service.js';

/** A billing form is a few hundred bytes: a larger body is refused (413) before it is parsed. */
export const CLIENTE_PUBLICO_BODY_LIMIT = 16 * 1024;

/**
 * The public calls of the client's side (issue 16): outside the auth hook. Tokens travel only in
 * the query string or the body: the request log writes the path alone (app.ts) and
 * lib/log-redaction.ts masks `k=` anywhere else.
 */
export const clientSidePublicRoutes =
  (c: ClientSideService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.resumenPublico, async (req, reply) => {
      const r = await c.resumen(req.query.k, req.ip);
      void reply.header('Cache-Control', 'no-store');
      return r;
    });
    registrar(app, RUTAS.archivoPublico, async (req, reply) => {
      const d = await c.archivo(req.query.k, req.query.archivo, req.ip);
      // Images may be shown in the page; anything else is downloaded, never rendered by the browser.
      const inline = d.mime.startsWith('image/') && req.query.inline !== undefined && req.query.inline !== '0';
      return reply
        .header('Content-Type', d.mime.startsWith('text/') ? `${d.mime}; charset=utf-8` : d.mime)
        .header('Content-Disposition', contentDisposition(d.nombre, inline))
        .header('Content-Length', String(d.tamanio))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(await d.abrir());
    });
    registrar(app, RUTAS.encuestaDesdeResumen, async (req) => c.responderEncuesta(req.body.k, req.body, req.ip), {
      bodyLimit: CLIENTE_PUBLICO_BODY_LIMIT,
    });
    registrar(app, RUTAS.conformidadRemota, async (req) => c.responderConformidad(req.body, req.ip), {
      bodyLimit: CLIENTE_PUBLICO_BODY_LIMIT,
    });
    registrar(app, RUTAS.facturacionPublica, async (req) => c.responderFacturacion(req.body, req.ip), {
      bodyLimit: CLIENTE_PUBLICO_BODY_LIMIT,
    });
  };

/** The company's calls: the share link of an order, its billing data and the delegation. */
export const clientSideRoutes =
  (c: ClientSideService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.enlaceCompartido, async (req) => c.findEnlace(actorOf(req), req.params.id));
    registrar(app, RUTAS.crearEnlace, async (req) => c.createEnlace(actorOf(req), req.params.id));
    registrar(app, RUTAS.revocarEnlace, async (req) => c.revokeEnlace(actorOf(req), req.params.id));
    registrar(app, RUTAS.enviarEnlace, async (req) => c.sendEnlace(actorOf(req), req.params.id, req.body.email));
    registrar(app, RUTAS.archivosCompartidos, async (req) =>
      c.setArchivos(actorOf(req), req.params.id, req.body.archivos),
    );
    registrar(app, RUTAS.guardarDatosFacturacion, async (req) =>
      c.saveDatos(actorOf(req), req.params.id, req.body.datosFacturacion),
    );
    registrar(app, RUTAS.delegarFacturacion, async (req) => c.delegar(actorOf(req), req.params.id, req.body.email));
  };
