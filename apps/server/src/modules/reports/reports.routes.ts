import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';
import { contentDisposition } from '../files/http.js';
import { XLSX } from './reports.service.js';

export const reportsRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.reporte, async (req, reply) => {
      const r = await s.reports.reporte(actorOf(req), req.params.id, req.query);
      return enviarGenerado(reply, 'application/pdf', contentDisposition(r.nombre, true), r.stream);
    });
    registrar(app, RUTAS.exportarOrdenes, async (req, reply) => {
      const r = await s.reports.exportarOrdenes(actorOf(req), req.body);
      return enviarGenerado(reply, XLSX, contentDisposition(r.nombre), r.stream);
    });
    registrar(app, RUTAS.exportarHorasReportadas, async (req, reply) => {
      const r = await s.reports.exportarHoras(actorOf(req), req.query);
      return enviarGenerado(reply, XLSX, contentDisposition(r.nombre), r.stream);
    });
  };
