import * as sla from '../sla.js';
import { zCumplimiento, zCumplimientoQuery } from '../statistics.js';
import { rutaDeGrupo, zOk, zParamId } from './definir.js';

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
  politicasSla: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/politicas',
    summary:
      'Las políticas de nivel de servicio en vigor: a qué cliente, tipo y prioridad se aplican (null = cualquiera) y sus objetivos de respuesta y de resolución',
    response: { 200: sla.zListaPoliticas },
  }),
  crearPoliticaSla: rutaDeSla({
    metodo: 'POST',
    path: '/api/v4/sla/politicas',
    summary: `Crea una política {nombre, clienteId?, tipoOrdenId?, prioridadId?, respuesta?, resolucion?, pausaEnEspera}. 409 si ya hay una para la misma combinación. ${ESCRIBIR}`,
    description:
      'Rige para una orden la política más específica que la alcanza (cliente, luego tipo, luego prioridad; sin ninguno, la de la empresa). Se copia en la orden al crearla.',
    body: sla.zPoliticaGuardar,
    response: { 200: sla.zPolitica },
  }),
  guardarPoliticaSla: rutaDeSla({
    metodo: 'PUT',
    path: '/api/v4/sla/politicas/:id',
    summary: `Cambia una política: rige para las órdenes creadas desde ahora; las anteriores conservan la copia que recibieron. ${ESCRIBIR}`,
    params: zParamId,
    body: sla.zPoliticaGuardar,
    response: { 200: sla.zPolitica },
  }),
  borrarPoliticaSla: rutaDeSla({
    metodo: 'DELETE',
    path: '/api/v4/sla/politicas/:id',
    summary: `Quita una política para las órdenes nuevas; las que ya la tienen la conservan. ${ESCRIBIR}`,
    params: zParamId,
    response: { 200: zOk },
  }),
  cumplimientoSla: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/cumplimiento',
    summary:
      'Cumplimiento de los niveles de servicio de las órdenes creadas en el rango, por cliente, tipo, responsable o mes: objetivos cumplidos a tiempo, incumplidos y en curso. Requiere verEstadisticas',
    querystring: zCumplimientoQuery,
    response: { 200: zCumplimiento },
  }),
};
