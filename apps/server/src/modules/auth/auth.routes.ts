import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, zPermiso, zRol, zUsuarioLogueado } from '@delego/contract';
import { z } from 'zod';
import { actorOf } from './auth.plugin.js';
import type { Services } from '../../app.js';

export const authRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.login,
      {
        schema: {
          tags: ['auth'],
          summary: 'Inicia sesión con Authorization: <usuario>#<md5 de la contraseña>',
          response: { 200: zUsuarioLogueado },
        },
      },
      async (req) => s.auth.loginResponse(actorOf(req)),
    );

    app.get(
      API.roles,
      { schema: { tags: ['auth'], summary: 'Roles asignables', response: { 200: z.array(zRol) } } },
      async (req) => s.users.listRoles(actorOf(req)),
    );

    app.get(
      API.permisos,
      {
        schema: {
          tags: ['auth'],
          summary: 'Catálogo de permisos globales y por cliente',
          response: { 200: z.array(zPermiso) },
        },
      },
      async (req) => s.permissions.catalogue(actorOf(req)),
    );
  };
