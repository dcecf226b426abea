import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@delego/contract';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.health,
    {
      schema: {
        tags: ['salud'],
        summary: 'Estado del servidor (sin autenticación)',
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => ({ ok: true }),
  );
};
