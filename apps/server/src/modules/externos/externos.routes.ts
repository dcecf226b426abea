import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { ExternosService } from './externos.service.js';

/**
 * Contractor links: the company's calls (a user's session) and the outsider's (the link as
 * credential; the auth hook lets through only these and the order's own routes of its order).
 */
export const externosRoutes =
  (s: ExternosService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.enlacesExternos, async (req) => s.deOrden(actorOf(req), req.params.id));
    registrar(app, RUTAS.entregarAExterno, async (req) => s.entregar(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.revocarExterno, async (req) => s.revocar(actorOf(req), req.params.id));
    registrar(app, RUTAS.renovarExterno, async (req) => s.renovar(actorOf(req), req.params.id));
    registrar(app, RUTAS.vistaExterno, async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return s.vista(actorOf(req));
    });
    registrar(app, RUTAS.aceptarExterno, async (req) => s.aceptar(actorOf(req)));
    registrar(app, RUTAS.rechazarExterno, async (req) => s.rechazar(actorOf(req), req.body.motivo));
  };
