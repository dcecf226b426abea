import type { FastifyPluginAsync } from 'fastify';
import { LIMITES_CONFORMIDAD, RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { idempotenteParaActor, type AlmacenIdempotencia } from '../idempotencia/index.js';
import type { ConformityService } from './conformity.service.js';

/**
 * The signature's JSON: the base64 image plus a few short fields. Twice the image's limit, so that
 * a signature a little too large gets the contract's 400 with its reason rather than a bare 413.
 */
export const FIRMA_BODY_LIMIT = 2 * LIMITES_CONFORMIDAD.firmaBase64;

/**
 * The company's calls of the client's conformity (issue 31): its state, the signature on site (an
 * Idempotency-Key makes the outbox's replay count once) and its image, and the order types'
 * setting. The public answer is registered by the client-side module, which owns the link.
 */
export const conformityRoutes =
  (c: ConformityService, idempotencia: AlmacenIdempotencia): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.conformidadOrden, async (req) => c.find(actorOf(req), req.params.id));
    registrar(app, RUTAS.firmarConformidad, async (req) => c.firmar(actorOf(req), req.params.id, req.body), {
      ...idempotenteParaActor(idempotencia),
      bodyLimit: FIRMA_BODY_LIMIT,
    });
    registrar(app, RUTAS.imagenFirma, async (req, reply) => {
      const img = await c.imagen(actorOf(req), req.params.id);
      return reply
        .header('Content-Type', img.tipo)
        .header('Content-Length', String(img.bytes.length))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(img.bytes);
    });
    registrar(app, RUTAS.conformidadTipos, async (req) => c.listTipos(actorOf(req)));
    registrar(app, RUTAS.guardarConformidadTipo, async (req) =>
      c.saveTipo(actorOf(req), req.params.id, req.body.conformidad),
    );
  };
