import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import { idempotenteParaActor, type AlmacenIdempotencia } from '../idempotencia/index.js';
import type { MaintenanceService } from './maintenance.service.js';

/** Scheduled maintenance's calls (issue 32): the plans, pausing them and the quota's projection. */
export const maintenanceRoutes =
  (m: MaintenanceService, idempotencia: AlmacenIdempotencia): FastifyPluginAsync =>
  async (app) => {
    // A new plan sent again (a retry after a cut) is created once: with the same key, the same answer.
    registrar(app, RUTAS.mantenimientos, async (req) => ({ mantenimientos: await m.list(actorOf(req)) }));
    registrar(app, RUTAS.proyeccionCupo, async (req) => m.proyeccion(actorOf(req)));
    registrar(app, RUTAS.mantenimiento, async (req) => m.find(actorOf(req), req.params.id));
    registrar(
      app,
      RUTAS.crearMantenimiento,
      async (req) => m.crear(actorOf(req), req.body),
      idempotenteParaActor(idempotencia),
    );
    registrar(app, RUTAS.guardarMantenimiento, async (req) => m.guardar(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.pausarMantenimiento, async (req) => m.pausar(actorOf(req), req.params.id, false));
    registrar(app, RUTAS.reanudarMantenimiento, async (req) => m.pausar(actorOf(req), req.params.id, true));
    registrar(app, RUTAS.borrarMantenimiento, async (req) => {
      await m.borrar(actorOf(req), req.params.id);
      return { ok: true };
    });
  };
