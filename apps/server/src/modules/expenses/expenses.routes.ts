import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zHorasReportadas, zHorasReportadasQuery, zId, zRegistroCambios, zRegistroOrden } from '@delego/contract';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { actorOf } from '../auth/auth.plugin.js';

const zIdParam = z.object({ id: zId });
const tags = ['horas y gastos'];

export const expensesRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v2/registro-gastos/:id',
      { schema: { tags, summary: 'Horas y gastos de la orden, con totales', params: zIdParam, response: { 200: zRegistroOrden } } },
      async (req) => s.expenses.registro(actorOf(req), req.params.id),
    );
    app.put(
      '/api/v2/registro-gastos/:id',
      {
        schema: {
          tags,
          summary: 'Registra, corrige (con id) y borra horas y gastos de la orden; devuelve el registro',
          params: zIdParam,
          body: zRegistroCambios,
          response: { 200: zRegistroOrden },
        },
      },
      async (req) => s.expenses.guardar(actorOf(req), req.params.id, req.body),
    );
    app.get(
      '/api/v2/horas-reportadas',
      {
        schema: {
          tags,
          summary: 'Horas por usuario y por cliente entre dos días (solo administradores y propietario)',
          querystring: zHorasReportadasQuery,
          response: { 200: zHorasReportadas },
        },
      },
      async (req) => s.expenses.horasReportadas(actorOf(req), req.query),
    );
  };
