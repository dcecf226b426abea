import * as sla from '../sla.js';
import { rutaDeGrupo } from './definir.js';

const rutaDeSla = rutaDeGrupo({ tags: ['sla'] });

const ESCRIBIR = 'Solo administradores (ADMIN o PROPIETARIO).';

/**
 * Service levels (issue 34; docs/SLA.md): the company's business calendar. Every user of the
 * company reads it (the countdowns use it); administrators change it.
 */
export const RUTAS_SLA = {
  calendarioHabil: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/calendario',
    summary:
      'Horario de trabajo de la empresa por día de la semana y feriados de este año y el siguiente: los nacionales (con seTrabaja si la empresa los trabaja) y los propios',
    response: { 200: sla.zCalendarioHabil },
  }),
  guardarSemanaHabil: rutaDeSla({
    metodo: 'PUT',
    path: '/api/v4/sla/calendario/semana',
    summary: `Reemplaza el horario de la semana (tramos en minutos desde las 00:00; turno partido: dos tramos). Rechaza tramos invertidos, superpuestos o una semana sin horario. ${ESCRIBIR}`,
    body: sla.zGuardarSemana,
    response: { 200: sla.zCalendarioHabil },
  }),
  agregarFeriado: rutaDeSla({
    metodo: 'POST',
    path: '/api/v4/sla/feriados',
    summary: `Agrega un feriado propio de la empresa; sobre un feriado nacional que la empresa trabajaba, vuelve a tomarlo como feriado. 409 si ya es feriado. ${ESCRIBIR}`,
    body: sla.zNuevoFeriado,
    response: { 200: sla.zCalendarioHabil },
  }),
  quitarFeriado: rutaDeSla({
    metodo: 'DELETE',
    path: '/api/v4/sla/feriados/:dia',
    summary: `Quita un feriado: uno propio se borra; uno nacional queda como día que la empresa trabaja. 404 si ese día no es feriado. ${ESCRIBIR}`,
    params: sla.zParamsFeriado,
    response: { 200: sla.zCalendarioHabil },
  }),
};
