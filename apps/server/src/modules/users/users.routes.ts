import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIMITES_ADMIN,
  zId,
  zPermisosDeUsuario,
  zStoreUser,
  zTogglePermiso,
  zUsuarioAdmin,
} from '@delego/contract';
import { z } from 'zod';
import { actorOf } from '../auth/auth.plugin.js';
import type { Services } from '../../app.js';

const zUsuarioParam = z.object({ usuario: zId });

/**
 * Users and their permissions (SPEC §7; issue 4). Every call needs altaUsuarios. The per-user
 * permission calls live here because changing them depends on the user's roles and company.
 */
export const usersRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v2/usuarios',
      {
        schema: {
          tags: ['usuarios'],
          summary: 'Usuarios de la entidad, activos e inactivos; requiere altaUsuarios',
          response: { 200: z.array(zUsuarioAdmin) },
        },
      },
      async (req) => s.users.list(actorOf(req)),
    );
    app.get(
      '/api/v4/usuario/:id',
      {
        schema: {
          tags: ['usuarios'],
          summary: 'Un usuario de la entidad',
          params: z.object({ id: zId }),
          response: { 200: zUsuarioAdmin },
        },
      },
      async (req) => s.users.get(actorOf(req), req.params.id),
    );
    app.post(
      '/api/v4/usuario',
      {
        schema: {
          tags: ['usuarios'],
          summary: 'Crea (sin id) o modifica (con id) un usuario {storeUser}',
          body: zStoreUser,
          response: { 200: zUsuarioAdmin },
        },
      },
      async (req) => s.users.store(actorOf(req), req.body),
    );
    app.get(
      '/api/v4/buscar/:texto',
      {
        schema: {
          tags: ['usuarios'],
          summary: 'Busca usuarios de la entidad por usuario, nombre, apellido o email',
          params: z.object({
            texto: z.string().max(LIMITES_ADMIN.buscar, `La búsqueda admite hasta ${LIMITES_ADMIN.buscar} caracteres.`),
          }),
          response: { 200: z.array(zUsuarioAdmin) },
        },
      },
      async (req) => s.users.search(actorOf(req), req.params.texto),
    );

    app.get(
      '/api/v4/permisos/:usuario',
      {
        schema: {
          tags: ['permisos'],
          summary: 'Permisos globales y por cliente de un usuario',
          params: zUsuarioParam,
          response: { 200: zPermisosDeUsuario },
        },
      },
      async (req) => s.users.permisosDe(actorOf(req), req.params.usuario),
    );
    app.post(
      '/api/v4/permisos/toggle/:usuario',
      {
        schema: {
          tags: ['permisos'],
          summary:
            'Otorga (accion true) o quita (false) un permiso: por cliente con cliente = id, global con cliente = null',
          params: zUsuarioParam,
          body: zTogglePermiso,
          response: { 200: zPermisosDeUsuario },
        },
      },
      async (req) => s.users.togglePermiso(actorOf(req), req.params.usuario, req.body),
    );
    app.delete(
      '/api/v4/permisos/:usuario/:cliente',
      {
        schema: {
          tags: ['permisos'],
          summary: 'Quita todos los permisos del usuario sobre el cliente',
          params: z.object({ usuario: zId, cliente: zId }),
          response: { 200: zPermisosDeUsuario },
        },
      },
      async (req) => s.users.quitarPermisosCliente(actorOf(req), req.params.usuario, req.params.cliente),
    );
  };
