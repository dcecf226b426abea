import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';

export const authRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.login, async (req) => s.auth.loginResponse(actorOf(req)));
    registrar(app, RUTAS.roles, async (req) => s.users.listRoles(actorOf(req)));
    registrar(app, RUTAS.permisos, async (req) => s.permissions.catalogue(actorOf(req)));
  };
