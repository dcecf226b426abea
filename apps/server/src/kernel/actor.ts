import type { PermisosDeCliente, Rol, SujetoPermisos } from '@delego/contract';
import type { FastifyRequest } from 'fastify';

/** The authenticated user acting on a request; every service method takes it first. */
export interface Actor extends SujetoPermisos {
  id: number;
  usuario: string;
  nombre: string;
  apellido: string;
  email: string | null;
  entidadId: number;
  roles: Rol[];
  permisosResumen: { nombre: string }[];
  permisos: { clientes: PermisosDeCliente[] };
  /**
   * Set when the actor is an outsider acting through a contractor link (modules/externos): the
   * link and the one order it opens. The auth hook already refused every other route and order.
   */
  externo?: { enlaceId: number; ordenId: number } | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The acting user of an authenticated route (set by the auth hook, kernel/auth-hook.ts). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new Error('actorOf called on a route without authentication');
  return req.actor;
}

/**
 * The actor of work no request started (an automatic survey, a message the system sends): a history
 * event is written in the name of `usuarioId` (OrdersService.insertEvento reads only the company
 * and the user id). It holds no roles and no permissions.
 */
export function actorDeSistema(entidadId: number, usuarioId: number): Actor {
  return {
    id: usuarioId,
    entidadId,
    usuario: '',
    nombre: '',
    apellido: '',
    email: null,
    roles: [],
    permisosResumen: [],
    permisos: { clientes: [] },
  };
}
