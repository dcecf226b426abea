import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@delego/contract';
import { z } from 'zod';
import { actorOf } from '../auth/auth.plugin.js';
import type { Services } from '../../app.js';

const zOk = z.object({ ok: z.boolean() });

export const cacheRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.clientesCacheClean,
      { schema: { tags: ['clientes'], summary: 'Vacía la caché de clientes de la entidad', response: { 200: zOk } } },
      async (req) => {
        s.clients.cleanCache(actorOf(req));
        return { ok: true };
      },
    );
    app.get(
      API.usuariosCacheClean,
      { schema: { tags: ['usuarios'], summary: 'Vacía la caché de usuarios de la entidad', response: { 200: zOk } } },
      async (req) => {
        s.users.cleanCache(actorOf(req));
        return { ok: true };
      },
    );
  };
