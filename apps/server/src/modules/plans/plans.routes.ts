import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, zPlanEstado } from '@delego/contract';
import { actorOf } from '../auth/auth.plugin.js';
import type { Services } from '../../app.js';
import { AppError } from '../../lib/errors.js';

export const plansRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.planEstado,
      {
        schema: {
          tags: ['planes'],
          summary: 'Plan de la entidad y órdenes disponibles en el período',
          response: { 200: zPlanEstado },
        },
      },
      (req, reply) => {
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
      },
    );
  };
