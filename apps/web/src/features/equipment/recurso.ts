import type { UbicacionCliente } from '@delego/contract';
import type { RecursoAdmin } from '../admin';

/** Equipos (issue 32): whoever sees a client's orders sees its equipos; altaClientes changes them. */
export const EQUIPOS: RecursoAdmin = {
  titulo: 'Equipos',
  singular: 'equipo',
  plural: 'equipos',
  nuevo: 'Nuevo equipo',
  rutaLista: '/equipos',
  rutaForm: '/equipo-form',
  permiso: 'altaClientes',
};

/** The sites (ubicaciones) of the clients, where their equipos are. */
export const UBICACIONES: RecursoAdmin = {
  titulo: 'Ubicaciones',
  singular: 'ubicación',
  plural: 'ubicaciones',
  nuevo: 'Nueva ubicación',
  rutaLista: '/ubicaciones',
  rutaForm: '/ubicacion-form',
  permiso: 'altaClientes',
};

/** The detail of an equipo (`/equipos/3`) and of a site's list of equipos. */
export const rutaEquipo = (id: number) => `/equipos/${id}`;

/** The equipment list of one site. */
export const rutaEquiposDe = (u: Pick<UbicacionCliente, 'id' | 'cliente'>) =>
  `${EQUIPOS.rutaLista}?cliente=${u.cliente.id}&ubicacion=${u.id}`;
