import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { CanalesService } from './canales.service.js';

/** Each user's own channels per kind of event and their WhatsApp number (registered when the module has the preferences). */
export const canalesRoutes =
  (canales: CanalesService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.canalesAviso, (req) => canales.leer(actorOf(req)));
    registrar(app, RUTAS.guardarCanalesAviso, (req) => canales.guardar(actorOf(req), req.body));
  };
