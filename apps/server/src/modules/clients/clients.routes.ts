import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import { IMPORTAR_BODY_LIMIT } from '../../lib/tabla-importada.js';
import type { ClientsService } from './clients.service.js';

export const clientsRoutes =
  (clients: ClientsService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.clientesCacheClean, async (req) => {
      clients.cleanCache(actorOf(req));
      return { ok: true };
    });
    registrar(app, RUTAS.clientes, async (req) => clients.list(actorOf(req)));
    registrar(app, RUTAS.guardarCliente, async (req) => clients.save(actorOf(req), req.body));
    registrar(app, RUTAS.importarClientes, async (req) => clients.importar(actorOf(req), req.body), {
      bodyLimit: IMPORTAR_BODY_LIMIT,
    });
    registrar(app, RUTAS.empresasAsignables, async (req) => clients.asignables(actorOf(req)));
  };
