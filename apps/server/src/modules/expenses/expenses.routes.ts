import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';
import { idempotenteParaActor } from '../idempotencia/idempotencia.hooks.js';

export const expensesRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.registro, async (req) => s.expenses.registro(actorOf(req), req.params.id));
    registrar(
      app,
      RUTAS.guardarRegistro,
      async (req) => s.expenses.save(actorOf(req), req.params.id, req.body),
      idempotenteParaActor(s.idempotencia),
    );
    registrar(app, RUTAS.horasReportadas, async (req) => s.expenses.horasReportadas(actorOf(req), req.query));
  };
