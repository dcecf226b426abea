import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zCambioUsername, zPerfil, zProfile } from '@delego/contract';
import { actorOf } from '../auth/auth.plugin.js';
import type { Services } from '../../app.js';

export const profileRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/v2/profile',
      {
        schema: {
          tags: ['perfil'],
          summary: 'Cambia nombre, apellido, email y, con la actual, la contraseña (MD5) del usuario',
          body: zProfile,
          response: { 200: zPerfil },
        },
      },
      async (req) => s.profile.update(actorOf(req), req.body),
    );
    app.post(
      '/api/v2/profile',
      {
        schema: {
          tags: ['perfil'],
          summary: 'Cambia el nombre de usuario (login); rechazado si ya está en uso',
          body: zCambioUsername,
          response: { 200: zPerfil },
        },
      },
      async (req) => s.profile.changeUsername(actorOf(req), req.body.username),
    );
  };
