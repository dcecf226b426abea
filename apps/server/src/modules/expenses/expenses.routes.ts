import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { idempotenteParaActor, type AlmacenIdempotencia } from '../idempotencia/index.js';
import type { ExpensesService } from './expenses.service.js';

/** Hours and expenses of an order (a save takes an Idempotency-Key), and the hours reported. */
export const expensesRoutes =
  (expenses: ExpensesService, idempotencia: AlmacenIdempotencia): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.registro, async (req) => expenses.registro(actorOf(req), req.params.id));
    registrar(
      app,
      RUTAS.guardarRegistro,
      async (req) => expenses.save(actorOf(req), req.params.id, req.body),
      idempotenteParaActor(idempotencia),
    );
    registrar(app, RUTAS.horasReportadas, async (req) => expenses.horasReportadas(actorOf(req), req.query));
  };
