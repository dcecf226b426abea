import * as cal from '../calendar.js';
import { rutaDeGrupo } from './definir.js';

const rutaDeCalendario = rutaDeGrupo({ tags: ['calendario'] });

/** The calendar of everyone's workload (issue 32; docs/CALENDARIO.md). */
export const RUTAS_CALENDARIO = {
  calendario: rutaDeCalendario({
    metodo: 'GET',
    path: '/api/v4/calendario',
    summary:
      'Órdenes que vencen (fechaFin) entre desde y hasta (días AAAA-MM-DD de la zona de la empresa, hasta 42) que el usuario ve en la lista, con los filtros responsable, cliente, tipo y estados (ids separados por comas); y las ocurrencias programadas de los planes recurrentes',
    querystring: cal.zCalendarioQuery,
    response: { 200: cal.zCalendario },
  }),
};
