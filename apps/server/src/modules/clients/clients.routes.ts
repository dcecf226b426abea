import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { IMPORTAR_BODY_LIMIT } from '../../lib/tabla-importada.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';

export const cacheRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.clientesCacheClean, async (req) => {
      s.clients.cleanCache(actorOf(req));
      return { ok: true };
    });
    registrar(app, RUTAS.usuariosCacheClean, async (req) => {
      s.users.cleanCache(actorOf(req));
      return { ok: true };
    });
  };

export const clientsRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.clientes, async (req) => s.clients.list(actorOf(req)));
    registrar(app, RUTAS.guardarCliente, async (req) => s.clients.save(actorOf(req), req.body));
    registrar(app, RUTAS.importarClientes, async (req) => s.clients.importar(actorOf(req), req.body), {
      bodyLimit: IMPORTAR_BODY_LIMIT,
    });
    registrar(app, RUTAS.empresasAsignables, async (req) => s.clients.asignables(actorOf(req)));
  };
