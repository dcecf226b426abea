import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zFiltros, zHorasReportadasQuery, zId, zReporteQuery } from '@delego/contract';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { actorOf } from '../auth/auth.plugin.js';
import { contentDisposition } from '../files/http.js';
import { XLSX } from './reports.service.js';

const zIdParam = z.object({ id: zId });
const tags = ['reportes'];

export const reportsRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v2/imprimirReporte/:id',
      {
        schema: {
          tags,
          summary: 'Reporte PDF de la orden; con ?eventos incluye el historial y con ?archivos la lista e imágenes',
          params: zIdParam,
          querystring: zReporteQuery,
        },
      },
      async (req, reply) => {
        const r = await s.reports.reporte(actorOf(req), req.params.id, req.query);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', contentDisposition(r.nombre, true))
          .header('Cache-Control', 'private, no-store')
          .send(r.stream);
      },
    );
    app.post(
      '/api/v2/ordenes/exportar',
      { schema: { tags, summary: 'Excel (.xlsx) de todas las órdenes que seleccionan los filtros (sin paginar)', body: zFiltros } },
      async (req, reply) => {
        const r = await s.reports.exportarOrdenes(actorOf(req), req.body);
        return reply
          .header('Content-Type', XLSX)
          .header('Content-Disposition', contentDisposition(r.nombre))
          .header('Cache-Control', 'private, no-store')
          .send(r.stream);
      },
    );
    app.get(
      '/api/v2/horas-reportadas/exportar',
      {
        schema: {
          tags,
          summary: 'Excel de horas reportadas (solo administradores y propietario)',
          querystring: zHorasReportadasQuery,
        },
      },
      async (req, reply) => {
        const r = await s.reports.exportarHoras(actorOf(req), req.query);
        return reply
          .header('Content-Type', XLSX)
          .header('Content-Disposition', contentDisposition(r.nombre))
          .header('Cache-Control', 'private, no-store')
          .send(r.stream);
      },
    );
  };
