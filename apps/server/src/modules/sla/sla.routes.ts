import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { SlaService } from './sla.service.js';

/** The business calendar's routes: parse, call the service, answer the whole calendar. */
export const slaRoutes =
  (servicio: SlaService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.calendarioHabil, (req) => servicio.calendario(actorOf(req)));
    registrar(app, RUTAS.guardarSemanaHabil, (req) => servicio.guardarSemana(actorOf(req), req.body.semana));
    registrar(app, RUTAS.agregarFeriado, (req) => servicio.agregarFeriado(actorOf(req), req.body));
    registrar(app, RUTAS.quitarFeriado, (req) => servicio.quitarFeriado(actorOf(req), req.params.dia));
  };
