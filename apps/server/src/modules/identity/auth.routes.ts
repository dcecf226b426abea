import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { AuthService } from './auth.service.js';

/** GET /api/v4/login: the logged-in user (the auth hook already verified the header). */
export const authRoutes =
  (auth: Pick<AuthService, 'loginResponse'>): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.login, async (req) => auth.loginResponse(actorOf(req)));
  };
