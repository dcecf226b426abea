import * as sla from '../sla.js';
import { zCumplimiento, zCumplimientoQuery } from '../statistics.js';
import * as informe from '../sla-informe.js';
import { rutaDeGrupo, zOk, zParamId } from './definir.js';

const rutaDeSla = rutaDeGrupo({ tags: ['sla'] });
const rutaPublicaDeSla = rutaDeGrupo({ tags: ['sla'], publica: true });

const VER_INFORME = 'Requiere verEstadisticas; 404 si el cliente no es de la empresa';

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
  informeSla: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/informe',
    summary: `Informe mensual de niveles de servicio de un cliente (?cliente=&mes=AAAA-MM): de sus órdenes creadas en el mes, respuesta y resolución cumplidas a tiempo, incumplidas y en curso, y la lista de las órdenes con sus vencimientos. ${VER_INFORME}`,
    querystring: informe.zInformeSlaQuery,
    response: { 200: informe.zInformeSla },
  }),
  informeSlaPdf: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/informe/pdf',
    summary: `El informe mensual de un cliente como PDF (?cliente=&mes=). ${VER_INFORME}`,
    querystring: informe.zInformeSlaQuery,
    forma: 'archivo',
  }),
  informeSlaXlsx: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/informe/xlsx',
    summary: `El informe mensual de un cliente como Excel (?cliente=&mes=): hoja de totales y hoja de órdenes. ${VER_INFORME}`,
    querystring: informe.zInformeSlaQuery,
    forma: 'archivo',
  }),
  enlaceInformeSla: rutaDeSla({
    metodo: 'POST',
    path: '/api/v4/sla/informe/enlace',
    summary: `El enlace público del informe de un cliente y un mes ({cliente, mes}): lo crea la primera vez y después da el mismo. ${VER_INFORME}`,
    body: informe.zInformeSlaQuery,
    response: { 200: informe.zEnlaceInformeSla },
  }),
  envioInformeSla: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/envio-informe/:id',
    summary: `Si el cliente recibe el informe mensual por correo, a qué email, y el último mes enviado. ${ESCRIBIR}`,
    params: zParamId,
    response: { 200: informe.zEnvioInformeSla },
  }),
  guardarEnvioInformeSla: rutaDeSla({
    metodo: 'PUT',
    path: '/api/v4/sla/envio-informe/:id',
    summary: `Activa o desactiva el envío del informe mensual al cliente ({activo, email}): el primer día hábil de cada mes se le envía el enlace al informe del mes anterior. ${ESCRIBIR}`,
    params: zParamId,
    body: informe.zGuardarEnvioInformeSla,
    response: { 200: informe.zEnvioInformeSla },
  }),
  informeSlaPublico: rutaPublicaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/informe-publico',
    summary:
      'El informe mensual de un cliente por el token de su enlace (?k=), sin sesión; limitado por dirección. 404 si el enlace no existe',
    querystring: informe.zInformeSlaPublicoQuery,
    response: { 200: informe.zInformeSla },
  }),
  informeSlaPublicoPdf: rutaPublicaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/informe-publico/pdf',
    summary: 'El mismo informe público como PDF (?k=)',
    querystring: informe.zInformeSlaPublicoQuery,
    forma: 'archivo',
  }),
  avisosSla: rutaDeSla({
    metodo: 'GET',
    path: '/api/v4/sla/avisos',
    summary: 'Si el usuario recibe también por correo los avisos de nivel de servicio (al 80 % y al vencer)',
    response: { 200: sla.zAvisosSla },
  }),
  guardarAvisosSla: rutaDeSla({
    metodo: 'PUT',
    path: '/api/v4/sla/avisos',
    summary:
      'Elige si el usuario recibe también por correo los avisos de nivel de servicio (a su email, hasta 30 por día); cada usuario el suyo',
    body: sla.zAvisosSla,
    response: { 200: sla.zAvisosSla },
  }),
};
