import * as encuestas from '../surveys.js';
import { rutaDeGrupo } from './definir.js';

const rutaDeEncuestas = rutaDeGrupo({ tags: ['encuestas'] });

/**
 * Surveys (issue 13; SPEC §7 "Surveys", docs/ENCUESTAS.md). Sending and results need a login; the
 * two calls of the public page `encuestas/<k>` answer without one, by the token of the mailed link,
 * limited per address (429 with Retry-After).
 */
export const RUTAS_ENCUESTAS = {
  encuestas: rutaDeEncuestas({
    metodo: 'GET',
    path: '/api/v2/encuestas',
    summary:
      'Resultados de las encuestas enviadas en el rango (?fechaDesde&fechaHasta en ms, ?cliente, ?responsable, ?tipoOrden): respuestas, promedio, distribución, tasa de respuesta, tendencia mensual y promedios por responsable y por cliente. Requiere verEstadisticas',
    querystring: encuestas.zEncuestasQuery,
    response: { 200: encuestas.zResultadosEncuestas },
  }),
  enviarEncuesta: rutaDeEncuestas({
    metodo: 'POST',
    path: '/api/v2/encuesta/enviar',
    summary:
      'Envía por correo la encuesta de una orden de la empresa {email, ordenId}; sin email, al del cliente. Hasta 3 por orden (409 la cuarta); queda en el historial',
    body: encuestas.zEnviarEncuesta,
    response: { 200: encuestas.zEnvioHecho },
  }),
  encuestasDeOrden: rutaDeEncuestas({
    metodo: 'GET',
    path: '/api/v2/encuesta/orden/:id',
    summary: 'Las encuestas enviadas de una orden, el email del cliente para proponer y cuántos envíos quedan',
    params: encuestas.zParamOrdenEncuesta,
    response: { 200: encuestas.zEncuestasDeOrden },
  }),
  configEncuestas: rutaDeEncuestas({
    metodo: 'GET',
    path: '/api/v2/encuesta/configuracion',
    summary: 'Si la empresa envía la encuesta sola al finalizar una orden (por defecto no)',
    response: { 200: encuestas.zConfigEncuestas },
  }),
  guardarConfigEncuestas: rutaDeEncuestas({
    metodo: 'PUT',
    path: '/api/v2/encuesta/configuracion',
    summary: 'Activa o desactiva el envío automático de la encuesta al finalizar una orden (administradores)',
    body: encuestas.zConfigEncuestasGuardar,
    response: { 200: encuestas.zConfigEncuestas },
  }),
  encuestaPublica: rutaDeEncuestas({
    metodo: 'GET',
    path: '/api/v2/encuesta/publica',
    summary:
      'Sin autenticación: la encuesta del enlace ?k= (empresa, orden, estado: pendiente, respondida, cerrada o vencida). No registra nada',
    querystring: encuestas.zEncuestaPublicaQuery,
    response: { 200: encuestas.zEncuestaPublica },
    publica: true,
  }),
  responderEncuesta: rutaDeEncuestas({
    metodo: 'POST',
    path: '/api/v2/encuesta/responder',
    summary:
      'Sin autenticación: registra o cambia la respuesta {k, puntaje 1-5, comentario?, final?}. Se puede cambiar durante 24 horas o hasta enviarla con final: true; ENLACE_USADO (410) ya respondida, ENLACE_VENCIDO (410), ENLACE_INVALIDO (404)',
    body: encuestas.zResponderEncuesta,
    response: { 200: encuestas.zEncuestaPublica },
    publica: true,
  }),
} as const;
