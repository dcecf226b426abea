import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { contentDisposition } from '../../lib/descarga.js';
import { XLSX } from '../../lib/xlsx.js';
import type { ReportsService } from './reports.service.js';

/** The order's PDF report and the Excel exports of orders and of hours reported. */
export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.reporte, async (req, reply) => {
      const r = await reports.reporte(actorOf(req), req.params.id, req.query);
      return enviarGenerado(reply, 'application/pdf', contentDisposition(r.nombre, true), r.stream);
    });
    registrar(app, RUTAS.exportarOrdenes, async (req, reply) => {
      const r = await reports.exportarOrdenes(actorOf(req), req.body);
      return enviarGenerado(reply, XLSX, contentDisposition(r.nombre), r.stream);
    });
    registrar(app, RUTAS.exportarHorasReportadas, async (req, reply) => {
      const r = await reports.exportarHoras(actorOf(req), req.query);
      return enviarGenerado(reply, XLSX, contentDisposition(r.nombre), r.stream);
    });
  };
