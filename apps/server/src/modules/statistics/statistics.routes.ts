import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { contentDisposition } from '../../lib/descarga.js';
import type { StatisticsService } from './statistics.service.js';

/** Statistics, delay reports, the scorecard and the dashboard (authenticated). */
export const statisticsRoutes =
  (s: StatisticsService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.desempenoResponsables, async (req) => s.desempeno(actorOf(req), req.body));
    registrar(app, RUTAS.calidadClientes, async (req) => s.calidadClientes(actorOf(req), req.body));
    registrar(app, RUTAS.demorasOrdenes, async (req) => s.demorasOrdenes(actorOf(req), req.body));
    registrar(app, RUTAS.accesoExportDemora, async (req) => s.accesoExport(actorOf(req), req.body));
    registrar(app, RUTAS.estadistica, async (req) => s.grafico(actorOf(req), req.params.grafico, req.body));
    registrar(app, RUTAS.dashboard, async (req) => s.dashboard(actorOf(req), null));
    registrar(app, RUTAS.dashboardFiltrado, async (req) => s.dashboard(actorOf(req), req.body));
  };

/**
 * The delay export the browser opens by itself: outside the auth hook, authorised by its `access`
 * token (single use, 2 minutes). Its query carries the token: the request log writes the path only
 * (app.ts) and lib/log-redaction.ts masks access= anywhere else.
 */
export const statisticsPublicRoutes =
  (s: StatisticsService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.exportDemora, async (req, reply) => {
      const r = await s.exportDemoras(req.query);
      return enviarGenerado(reply, r.tipo, contentDisposition(r.nombre), r.stream);
    });
  };
