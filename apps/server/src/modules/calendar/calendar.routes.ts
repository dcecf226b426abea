import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { comoJson, enviarJson, registrar } from '../../kernel/rutas.js';
import type { CalendarService } from './calendar.service.js';

/** The calendar's one route: a read, written once by its serializer and kept (calendarioJson). */
export const calendarRoutes =
  (servicio: CalendarService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.calendario, async (req, reply) =>
      enviarJson(reply, await servicio.calendarioJson(actorOf(req), req.query, comoJson(reply))),
    );
  };
