import { tienePermiso, type PermisoGlobal } from '@delego/contract';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';

/** What a user without the permission reads (403). */
export const SIN_PERMISO: Partial<Record<PermisoGlobal, string>> = {
  altaUsuarios: 'No tiene permiso para administrar usuarios.',
  altaClientes: 'No tiene permiso para administrar clientes.',
  altaEtiquetas: 'No tiene permiso para administrar áreas y tipos de orden.',
};

/** The first check of a service method: the actor holds the global permission, or 403. */
export function exigirPermiso(actor: Actor, permiso: PermisoGlobal): void {
  if (!tienePermiso(actor, permiso)) throw AppError.forbidden(SIN_PERMISO[permiso]);
}
