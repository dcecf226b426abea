import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { AppError } from '../../kernel/errors.js';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { PlansService } from './plans.service.js';
import type { SuscripcionesService } from './suscripciones.service.js';

/** A plan change is two ids and the card's token and display data: a larger body is refused (413). */
export const SUSCRIBIR_BODY_LIMIT = 16 * 1024;
/** MercadoPago's notifications are a few hundred bytes. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const plansRoutes =
  (s: { plans: PlansService; suscripciones: SuscripcionesService }): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.planEstado, (req, reply) => {
      // Read on every menu open: answered without a promise when the state is in memory.
      const actor = actorOf(req);
      const enMemoria = s.plans.enMemoria(actor.entidadId);
      if (enMemoria) {
        void reply.send(enMemoria);
        return;
      }
      return s.plans.estado(actor).then((estado) => {
        if (!estado) throw AppError.notFound('La entidad no tiene un plan asignado.');
        return estado;
      });
    });
    registrar(app, RUTAS.planes, async (req) => s.suscripciones.catalogo(actorOf(req)));
    registrar(app, RUTAS.planHabilitado, (req) => s.suscripciones.habilitado(actorOf(req)));
    registrar(app, RUTAS.planPagos, async (req) => s.suscripciones.pagos(actorOf(req)));
    registrar(app, RUTAS.planSuscribir, async (req) => s.suscripciones.suscribir(actorOf(req), req.body), {
      bodyLimit: SUSCRIBIR_BODY_LIMIT,
    });
  };

/**
 * MercadoPago's webhook: outside the auth hook, checked by its `x-signature` (docs/PLANES.md). The
 * `data.id` of the signature is the query's (MercadoPago adds `?data.id=…&type=…`), else the body's.
 */
export const plansPublicRoutes =
  (s: { suscripciones: SuscripcionesService }): FastifyPluginAsync =>
  async (app) => {
    registrar(
      app,
      RUTAS.planWebhookMercadoPago,
      async (req) => {
        const h = (n: string) => {
          const v = req.headers[n];
          return Array.isArray(v) ? v[0] : v;
        };
        return s.suscripciones.webhook({
          eventoId: req.body.id,
          tipo: req.body.type,
          dataId: req.query['data.id'] ?? req.body.data.id,
          xSignature: h('x-signature'),
          xRequestId: h('x-request-id'),
        });
      },
      { bodyLimit: WEBHOOK_BODY_LIMIT },
    );
  };
