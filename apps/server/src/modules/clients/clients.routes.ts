import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, zCliente, zClienteAsignable, zClienteGuardar } from '@delego/contract';
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

export const clientsRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v4/clientes',
      {
        schema: {
          tags: ['clientes'],
          summary: 'Clientes de la entidad (activos e inactivos)',
          response: { 200: z.array(zCliente) },
        },
      },
      async (req) => s.clients.list(actorOf(req)),
    );
    app.post(
      '/api/v2/cliente',
      {
        schema: {
          tags: ['clientes'],
          summary: 'Crea (sin id) o modifica (con id) un cliente; requiere altaClientes',
          body: zClienteGuardar,
          response: { 200: zCliente },
        },
      },
      async (req) => s.clients.save(actorOf(req), req.body),
    );
    app.get(
      '/api/v2/empresasAsignables',
      {
        schema: {
          tags: ['clientes'],
          summary: 'Clientes activos para los que el usuario puede delegar órdenes',
          response: { 200: z.array(zClienteAsignable) },
        },
      },
      async (req) => s.clients.asignables(actorOf(req)),
    );
  };
