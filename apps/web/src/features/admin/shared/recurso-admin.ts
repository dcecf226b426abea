import type { PermisoGlobal } from '@delego/contract';

/**
 * One administered resource (clients, users, order types, areas): how it names itself, where its
 * screens are and the permission that opens them. Its list, form and import screens all read it,
 * so that they never disagree on a title, an address or a permission.
 */
export interface RecursoAdmin {
  /** The list's title: 'Clientes', 'Tipos de Orden'. */
  titulo: string;
  /** 'cliente', 'tipo de orden'. */
  singular: string;
  /** 'clientes', 'tipos de orden'. */
  plural: string;
  /** The form's title while creating: 'Nuevo cliente', 'Nueva área'. */
  nuevo: string;
  /** The list (`/clientes`) and the form (`/cliente`, `/cliente?id=3`): SPEC §2. */
  rutaLista: string;
  rutaForm: string;
  /** The global permission every screen of the resource needs. */
  permiso: PermisoGlobal;
}

/** The permission check of a resource's screens, as `PantallaAdmin` takes it. */
export function accesoA(r: RecursoAdmin): { permiso: PermisoGlobal; para: string } {
  return { permiso: r.permiso, para: `administrar ${r.plural}` };
}
