import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { ConsentimientosService } from './consentimientos.service.js';
import type { WebhookWhatsappService } from './webhook.service.js';

/** The Cloud API batches its notifications; a call carries at most this much. */
export const WEBHOOK_WHATSAPP_BODY_LIMIT = 1024 * 1024;

/** A client's number and consent (administrators), the templates (everyone), an order's messages. */
export const whatsappRoutes =
  (s: ConsentimientosService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.whatsappCliente, (req) => s.cliente(actorOf(req), req.params.id));
    registrar(app, RUTAS.guardarWhatsappCliente, (req) => s.guardarCliente(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.plantillasWhatsapp, () => s.plantillas());
    registrar(app, RUTAS.mensajesWhatsappOrden, (req) => s.deOrden(actorOf(req), req.params.id));
  };

/**
 * The Cloud API's webhook, outside the auth hook (docs/WHATSAPP.md «Webhook»). In this plugin's
 * scope alone, a JSON body is kept as its raw bytes: the signature is over them, and they are
 * parsed only once it matches.
 */
export const whatsappPublicRoutes =
  (webhook: WebhookWhatsappService): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_WHATSAPP_BODY_LIMIT },
      (_req, cuerpo, done) => done(null, cuerpo),
    );
    registrar(app, RUTAS.verificarWebhookWhatsapp, (req, reply) =>
      reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(webhook.verificar(req.query)),
    );
    registrar(
      app,
      RUTAS.webhookWhatsapp,
      async (req) => {
        const firma = req.headers['x-hub-signature-256'];
        const cuerpo = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await webhook.recibir(cuerpo, Array.isArray(firma) ? firma[0] : firma);
        return { ok: true as const };
      },
      { bodyLimit: WEBHOOK_WHATSAPP_BODY_LIMIT },
    );
  };
