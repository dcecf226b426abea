import * as cliente from '../client-side.js';
import { zEncuestaPublica, zResponderEncuesta } from '../surveys.js';
import { zOrdenDetalle } from '../orders.js';
import { rutaDeGrupo, zParamId } from './definir.js';

const rutaPublica = rutaDeGrupo({ tags: ['cliente (público)'], publica: true });
const rutaDeCompartir = rutaDeGrupo({ tags: ['compartir con el cliente'] });
const rutaDeFacturacion = rutaDeGrupo({ tags: ['facturación'] });

/**
 * POST /api/v2/ordersummary/encuesta: the survey of the order, answered from its public page. The
 * answer of the survey page, by the summary's token, and always final.
 */
export const zEncuestaDesdeResumen = zResponderEncuesta.omit({ final: true }).extend({ k: cliente.zTokenPublico });

/**
 * The client's side of an order (issue 16, docs/CLIENTE.md): the public summary and the delegated
 * billing form (no Authorization, limited per address, tokens only in the query or the body), and
 * the company's calls that create, revoke and send the share link and keep the billing data.
 */
export const RUTAS_CLIENTE_PUBLICO = {
  resumenPublico: rutaPublica({
    metodo: 'GET',
    path: '/api/v2/ordersummary',
    summary:
      'Resumen público de una orden por el token de su enlace (?k=): empresa, número, título, estado, historial de estados, fechas, responsables (nombre de pila) y archivos compartidos. 404 si el enlace no existe o fue revocado',
    querystring: cliente.zResumenQuery,
    response: { 200: cliente.zResumenPublico },
  }),
  archivoPublico: rutaPublica({
    metodo: 'GET',
    path: '/api/v2/ordersummary/archivo',
    summary: 'Descarga un archivo que la empresa compartió (?k=&archivo=; ?inline=1 para verlo en el navegador)',
    querystring: cliente.zArchivoPublicoQuery,
    forma: 'archivo',
  }),
  facturacionPublica: rutaPublica({
    metodo: 'POST',
    path: '/api/v2/ordersummary/facturacion',
    summary:
      'El cliente carga los datos de facturación con el formulario que le llegó por correo ({k, f, datosFacturacion}); se usa una sola vez',
    body: cliente.zFacturacionPublica,
    response: { 200: cliente.zAvisoPublico },
  }),
  encuestaDesdeResumen: rutaPublica({
    metodo: 'POST',
    path: '/api/v2/ordersummary/encuesta',
    summary:
      'Responde desde el resumen público la encuesta de satisfacción pendiente de la orden ({k, puntaje 1-5, comentario}); 404 si no hay una pendiente',
    body: zEncuestaDesdeResumen,
    response: { 200: zEncuestaPublica },
  }),
  enlaceCompartido: rutaDeCompartir({
    metodo: 'GET',
    path: '/api/v2/orden/:id/compartir',
    summary: 'El enlace público de la orden (si hay uno activo), los archivos compartidos y el email del cliente',
    params: zParamId,
    response: { 200: cliente.zEnlaceCompartido },
  }),
  crearEnlace: rutaDeCompartir({
    metodo: 'POST',
    path: '/api/v2/orden/:id/compartir',
    summary: 'Crea el enlace público de la orden, o lo renueva: el anterior deja de funcionar',
    params: zParamId,
    response: { 200: cliente.zEnlaceCompartido },
  }),
  revocarEnlace: rutaDeCompartir({
    metodo: 'DELETE',
    path: '/api/v2/orden/:id/compartir',
    summary: 'Revoca el enlace público de la orden: responde 404 a quien lo abra',
    params: zParamId,
    response: { 200: cliente.zEnlaceCompartido },
  }),
  enviarEnlace: rutaDeCompartir({
    metodo: 'POST',
    path: '/api/v2/orden/:id/compartir/correo',
    summary: 'Envía por correo el enlace público (lo crea si no hay) al email del cliente o al indicado',
    params: zParamId,
    body: cliente.zEnviarEnlace,
    response: { 200: cliente.zAvisoPublico },
  }),
  archivosCompartidos: rutaDeCompartir({
    metodo: 'PUT',
    path: '/api/v2/orden/:id/compartir/archivos',
    summary: 'Qué archivos de la orden muestra la página pública (los demás siguen privados)',
    params: zParamId,
    body: cliente.zArchivosCompartidos,
    response: { 200: cliente.zEnlaceCompartido },
  }),
  guardarDatosFacturacion: rutaDeFacturacion({
    metodo: 'POST',
    path: '/api/v2/datosFacturacion/:id',
    summary:
      'Guarda los datos de facturación de la orden (razón social, CUIT, condición frente al IVA, domicilio fiscal, email); responde el detalle',
    params: zParamId,
    body: cliente.zGuardarDatosFacturacion,
    response: { 200: zOrdenDetalle },
  }),
  delegarFacturacion: rutaDeFacturacion({
    metodo: 'POST',
    path: '/api/v2/delegar/facturacion/:id',
    summary:
      'Pide los datos de facturación al cliente: le envía por correo el resumen público con un formulario de un solo uso; responde el detalle',
    params: zParamId,
    body: cliente.zDelegarFacturacion,
    response: { 200: zOrdenDetalle },
  }),
} as const;
