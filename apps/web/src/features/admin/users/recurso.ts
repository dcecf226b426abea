import type { RecursoAdmin } from '../shared/recurso-admin';

export const USUARIOS: RecursoAdmin = {
  titulo: 'Usuarios',
  singular: 'usuario',
  plural: 'usuarios',
  nuevo: 'Nuevo usuario',
  rutaLista: '/usuarios',
  rutaForm: '/usuario',
  permiso: 'altaUsuarios',
};
