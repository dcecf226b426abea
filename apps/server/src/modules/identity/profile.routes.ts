import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { ProfileService } from './profile.service.js';

export const profileRoutes =
  (profile: ProfileService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.actualizarPerfil, async (req) => profile.update(actorOf(req), req.body));
    registrar(app, RUTAS.cambiarUsuario, async (req) => profile.changeUsername(actorOf(req), req.body.username));
  };
