import type { RecursoAdmin } from '../shared/recurso-admin';

export const CLIENTES: RecursoAdmin = {
  titulo: 'Clientes',
  singular: 'cliente',
  plural: 'clientes',
  nuevo: 'Nuevo cliente',
  rutaLista: '/clientes',
  rutaForm: '/cliente',
  permiso: 'altaClientes',
};
