import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { MaintenanceService } from './maintenance.service.js';

/** Scheduled maintenance's calls (issue 32): the plans, pausing them and the quota's projection. */
export const maintenanceRoutes =
  (m: MaintenanceService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.mantenimientos, async (req) => ({ mantenimientos: await m.list(actorOf(req)) }));
    registrar(app, RUTAS.proyeccionCupo, async (req) => m.proyeccion(actorOf(req)));
    registrar(app, RUTAS.mantenimiento, async (req) => m.find(actorOf(req), req.params.id));
    registrar(app, RUTAS.crearMantenimiento, async (req) => m.crear(actorOf(req), req.body));
    registrar(app, RUTAS.guardarMantenimiento, async (req) => m.guardar(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.pausarMantenimiento, async (req) => m.pausar(actorOf(req), req.params.id, false));
    registrar(app, RUTAS.reanudarMantenimiento, async (req) => m.pausar(actorOf(req), req.params.id, true));
    registrar(app, RUTAS.borrarMantenimiento, async (req) => {
      await m.borrar(actorOf(req), req.params.id);
      return { ok: true };
    });
  };
