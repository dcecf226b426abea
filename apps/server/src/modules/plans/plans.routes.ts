import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { AppError } from '../../lib/errors.js';
import { registrar } from '../../lib/rutas.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth/auth.plugin.js';

export const plansRoutes =
  (s: Services): FastifyPluginAsync =>
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
  };
