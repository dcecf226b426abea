import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { CalendarService } from './calendar.service.js';

/** The calendar's one route: a read, nothing to retry. */
export const calendarRoutes =
  (servicio: CalendarService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.calendario, async (req) => servicio.calendario(actorOf(req), req.query));
  };
