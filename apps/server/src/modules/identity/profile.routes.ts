import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';

export const profileRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.actualizarPerfil, async (req) => s.profile.update(actorOf(req), req.body));
    registrar(app, RUTAS.cambiarUsuario, async (req) => s.profile.changeUsername(actorOf(req), req.body.username));
  };
