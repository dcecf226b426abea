import { z } from 'zod';
import * as s from '../solicitudes.js';
import { rutaDeGrupo, zParamId } from './definir.js';

const rutaDeSolicitudes = rutaDeGrupo({ tags: ['solicitudes'] });
const rutaPublicaDeSolicitudes = rutaDeGrupo({ tags: ['solicitudes'], publica: true });

const QUIEN = 'Quien puede delegar órdenes del cliente de la solicitud; 404 si no.';
const ADMIN = 'Solo administradores (ADMIN o PROPIETARIO); 404 si el cliente no es de la empresa.';
const PUBLICA = 'Sin cuenta, con límite por enlace y por dirección (429 con Retry-After)';

export const zParamsCodigoQr = z.object({ codigo: z.string().min(1).max(100) });

/**
 * Requests from outside the company (issue 33; docs/SOLICITUDES.md): the inbox and its decisions,
 * the client's request link, and the public form (by the link or a QR) and tracking page.
 */
export const RUTAS_SOLICITUDES = {
  solicitudes: rutaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/solicitudes',
    summary:
      'Las solicitudes de los clientes para los que el usuario puede delegar órdenes (?estado=), las más nuevas primero',
    querystring: s.zSolicitudesQuery,
    response: { 200: z.array(s.zSolicitud) },
  }),
  solicitudesPendientes: rutaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/solicitudes/pendientes',
    summary: 'Cuántas solicitudes pendientes puede atender el usuario (el número del menú)',
    response: { 200: s.zPendientesSolicitudes },
  }),
  solicitud: rutaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/solicitudes/:id',
    summary: `Una solicitud con su contacto, lugar y fotos. ${QUIEN}`,
    params: zParamId,
    response: { 200: s.zSolicitud },
  }),
  fotoSolicitud: rutaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/solicitudes/:id/fotos/:fotoId',
    summary: `Una foto de la solicitud. ${QUIEN}`,
    params: s.zParamsFotoSolicitud,
    forma: 'archivo',
  }),
  aceptarSolicitud: rutaDeSolicitudes({
    metodo: 'POST',
    path: '/api/v4/solicitudes/:id/aceptar',
    summary: `La convierte en una orden (texto, fotos y lugar; usa la quota ahora) y avisa al solicitante. 409 si ya se resolvió. ${QUIEN}`,
    params: zParamId,
    body: s.zAceptarSolicitud,
    response: { 200: s.zSolicitud },
  }),
  rechazarSolicitud: rutaDeSolicitudes({
    metodo: 'POST',
    path: '/api/v4/solicitudes/:id/rechazar',
    summary: `La rechaza con un motivo, que el solicitante ve en su enlace de seguimiento. 409 si ya se resolvió. ${QUIEN}`,
    params: zParamId,
    body: s.zRechazarSolicitud,
    response: { 200: s.zSolicitud },
  }),
  enlaceSolicitudes: rutaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/solicitudes/enlace/:id',
    summary: `El enlace de pedidos de un cliente (:id): si está activo y su URL. ${ADMIN}`,
    params: zParamId,
    response: { 200: s.zEnlaceSolicitudes },
  }),
  crearEnlaceSolicitudes: rutaDeSolicitudes({
    metodo: 'POST',
    path: '/api/v4/solicitudes/enlace/:id',
    summary: `Activa el enlace de pedidos del cliente, o lo renueva: el anterior deja de funcionar (410). ${ADMIN}`,
    params: zParamId,
    response: { 200: s.zEnlaceSolicitudes },
  }),
  quitarEnlaceSolicitudes: rutaDeSolicitudes({
    metodo: 'DELETE',
    path: '/api/v4/solicitudes/enlace/:id',
    summary: `Desactiva el enlace de pedidos del cliente (y los QR de sus lugares dejan de recibir pedidos). ${ADMIN}`,
    params: zParamId,
    response: { 200: s.zEnlaceSolicitudes },
  }),
  formularioSolicitud: rutaPublicaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/publico/solicitud',
    summary: `El formulario de pedido de un enlace (?k=): empresa y cliente. 404 si no existe, 410 si se desactivó o renovó. ${PUBLICA}`,
    querystring: s.zFormularioSolicitudQuery,
    response: { 200: s.zFormularioSolicitud },
  }),
  enviarSolicitud: rutaPublicaDeSolicitudes({
    metodo: 'POST',
    path: '/api/v4/publico/solicitud',
    summary: `Envía un pedido (multipart: k, los campos y hasta 5 fotos "fotos"); el mismo envío (clave) dos veces es una sola solicitud. ${PUBLICA}`,
    forma: 'multipart',
    response: { 200: s.zSolicitudEnviada },
  }),
  formularioQr: rutaPublicaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/publico/q/:codigo',
    summary: `El formulario de pedido de un QR de ubicación o equipo: empresa, cliente y el lugar. 404 igual si el código no existe o el cliente no recibe pedidos. ${PUBLICA}`,
    params: zParamsCodigoQr,
    response: { 200: s.zFormularioSolicitud },
  }),
  enviarSolicitudQr: rutaPublicaDeSolicitudes({
    metodo: 'POST',
    path: '/api/v4/publico/q/:codigo/pedido',
    summary: `Envía un pedido desde un QR (multipart, como el del enlace, con el lugar ya puesto). ${PUBLICA}`,
    params: zParamsCodigoQr,
    forma: 'multipart',
    response: { 200: s.zSolicitudEnviada },
  }),
  seguimientoSolicitud: rutaPublicaDeSolicitudes({
    metodo: 'GET',
    path: '/api/v4/publico/solicitud/seguimiento',
    summary: `Dónde está un pedido (?t=, el enlace de seguimiento): pendiente, aceptado (con el resumen público de la orden) o «Rechazada: motivo». ${PUBLICA}`,
    querystring: s.zSeguimientoQuery,
    response: { 200: s.zSeguimientoSolicitud },
  }),
} as const;
