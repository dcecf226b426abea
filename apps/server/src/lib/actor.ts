import type { PermisosDeCliente, Rol, SujetoPermisos } from '@delego/contract';

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
}
