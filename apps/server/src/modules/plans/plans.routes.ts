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
      async (req) => {
        const estado = await s.plans.estado(actorOf(req));
        if (!estado) throw AppError.notFound('La entidad no tiene un plan asignado.');
        return estado;
      },
    );
  };
