import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { IMPORTAR_BODY_LIMIT } from '../../lib/tabla-importada.js';
import { actorOf } from '../../kernel/actor.js';
import type { UsersService } from './users.service.js';

/**
 * Users and their permissions (SPEC §7; issue 4). Every call needs altaUsuarios, except the
 * catalogues of roles and permissions. The per-user permission calls live here because changing
 * them depends on the user's roles and company.
 */
export const usersRoutes =
  (users: UsersService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.roles, async (req) => users.listRoles(actorOf(req)));
    registrar(app, RUTAS.permisos, async (req) => users.catalogue(actorOf(req)));
    registrar(app, RUTAS.usuariosCacheClean, async (req) => {
      users.cleanCache(actorOf(req));
      return { ok: true };
    });
    registrar(app, RUTAS.usuarios, async (req) => users.list(actorOf(req)));
    registrar(app, RUTAS.usuario, async (req) => users.find(actorOf(req), req.params.id));
    registrar(app, RUTAS.guardarUsuario, async (req) => users.save(actorOf(req), req.body));
    registrar(app, RUTAS.importarUsuarios, async (req) => users.importar(actorOf(req), req.body), {
      bodyLimit: IMPORTAR_BODY_LIMIT,
    });
    registrar(app, RUTAS.buscarUsuarios, async (req) => users.search(actorOf(req), req.params.texto));
    registrar(app, RUTAS.permisosDeUsuario, async (req) => users.permisosDe(actorOf(req), req.params.usuario));
    registrar(app, RUTAS.togglePermiso, async (req) => users.togglePermiso(actorOf(req), req.params.usuario, req.body));
    registrar(app, RUTAS.quitarPermisosCliente, async (req) =>
      users.deletePermisosCliente(actorOf(req), req.params.usuario, req.params.cliente),
    );
  };
