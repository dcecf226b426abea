import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import { contentDisposition } from '../../lib/descarga.js';
import { idempotenteParaActor, type AlmacenIdempotencia } from '../idempotencia/index.js';
import type { ChecklistsService } from './checklists.service.js';

/**
 * Templates and order checklists. The writes the field app's outbox replays (an answer, clearing
 * it, an ad-hoc item added or removed, a follow-up order) take an Idempotency-Key.
 */
export const checklistsRoutes =
  (ck: ChecklistsService, idempotencia: AlmacenIdempotencia): FastifyPluginAsync =>
  async (app) => {
    const unaVez = idempotenteParaActor(idempotencia);
    registrar(app, RUTAS.plantillaChecklist, async (req) => ck.plantilla(actorOf(req), req.params.tipoOrdenId));
    registrar(app, RUTAS.guardarPlantillaChecklist, async (req) =>
      ck.guardarPlantilla(actorOf(req), req.params.tipoOrdenId, req.body),
    );
    registrar(app, RUTAS.checklistOrden, async (req) => ck.checklist(actorOf(req), req.params.id));
    registrar(
      app,
      RUTAS.responderItemChecklist,
      async (req) => ck.responder(actorOf(req), req.params.id, req.params.itemId, req.body),
      unaVez,
    );
    registrar(
      app,
      RUTAS.borrarRespuestaChecklist,
      async (req) => ck.borrarRespuesta(actorOf(req), req.params.id, req.params.itemId),
      unaVez,
    );
    registrar(
      app,
      RUTAS.agregarItemChecklist,
      async (req) => ck.agregarItem(actorOf(req), req.params.id, req.body),
      unaVez,
    );
    registrar(
      app,
      RUTAS.quitarItemChecklist,
      async (req) => ck.quitarItem(actorOf(req), req.params.id, req.params.itemId),
      unaVez,
    );
    registrar(app, RUTAS.reaplicarChecklist, async (req) => ck.reaplicar(actorOf(req), req.params.id, req.body));
    registrar(
      app,
      RUTAS.crearSeguimiento,
      async (req) => ck.crearSeguimiento(actorOf(req), req.params.id, req.params.itemId, req.body),
      unaVez,
    );
    registrar(app, RUTAS.firmaChecklist, async (req, reply) => {
      const f = await ck.firma(actorOf(req), req.params.id, req.params.itemId);
      const nombre = `firma-${req.params.id}-${req.params.itemId}.${f.mime === 'image/png' ? 'png' : 'jpg'}`;
      void reply.header('X-Content-Type-Options', 'nosniff');
      return enviarGenerado(reply, f.mime, contentDisposition(nombre, true), await f.abrir());
    });
  };
