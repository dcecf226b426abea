import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { IMPORTAR_BODY_LIMIT } from '../../lib/tabla-importada.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';

/**
 * Users and their permissions (SPEC §7; issue 4). Every call needs altaUsuarios. The per-user
 * permission calls live here because changing them depends on the user's roles and company.
 */
export const usersRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.usuariosCacheClean, async (req) => {
      s.users.cleanCache(actorOf(req));
      return { ok: true };
    });
    registrar(app, RUTAS.usuarios, async (req) => s.users.list(actorOf(req)));
    registrar(app, RUTAS.usuario, async (req) => s.users.find(actorOf(req), req.params.id));
    registrar(app, RUTAS.guardarUsuario, async (req) => s.users.save(actorOf(req), req.body));
    registrar(app, RUTAS.importarUsuarios, async (req) => s.users.importar(actorOf(req), req.body), {
      bodyLimit: IMPORTAR_BODY_LIMIT,
    });
    registrar(app, RUTAS.buscarUsuarios, async (req) => s.users.search(actorOf(req), req.params.texto));
    registrar(app, RUTAS.permisosDeUsuario, async (req) => s.users.permisosDe(actorOf(req), req.params.usuario));
    registrar(app, RUTAS.togglePermiso, async (req) =>
      s.users.togglePermiso(actorOf(req), req.params.usuario, req.body),
    );
    registrar(app, RUTAS.quitarPermisosCliente, async (req) =>
      s.users.deletePermisosCliente(actorOf(req), req.params.usuario, req.params.cliente),
    );
  };
