import { z } from 'zod';
import * as w from '../whatsapp.js';
import { rutaDeGrupo, zOk, zParamId } from './definir.js';

const rutaDeWhatsapp = rutaDeGrupo({ tags: ['whatsapp'] });
const rutaPublicaDeWhatsapp = rutaDeGrupo({ tags: ['whatsapp'], publica: true });

/** The Cloud API's verification of a webhook URL (GET with hub.mode, hub.verify_token, hub.challenge). */
export const zVerificacionWebhookWhatsapp = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

/**
 * WhatsApp and the channels of each kind of event (issue 35; docs/WHATSAPP.md). Every user chooses
 * their own channels; administrators record a client's number and consent; the webhook answers
 * without a login, checked by the Cloud API's `X-Hub-Signature-256`.
 */
export const RUTAS_WHATSAPP = {
  canalesAviso: rutaDeWhatsapp({
    metodo: 'GET',
    path: '/api/v4/whatsapp/canales',
    summary:
      'Los canales del usuario por tipo de aviso (app, push, correo, WhatsApp), su número de WhatsApp y si aceptó recibir mensajes; cada usuario los suyos',
    response: { 200: w.zCanalesUsuario },
  }),
  guardarCanalesAviso: rutaDeWhatsapp({
    metodo: 'PUT',
    path: '/api/v4/whatsapp/canales',
    summary:
      'Guarda los canales del usuario por tipo de aviso y su número (normalizado a E.164); WhatsApp solo con número y consentimiento (400 si no)',
    body: w.zGuardarCanalesUsuario,
    response: { 200: w.zCanalesUsuario },
  }),
  whatsappCliente: rutaDeWhatsapp({
    metodo: 'GET',
    path: '/api/v4/whatsapp/clientes/:id',
    summary:
      'El WhatsApp de un cliente: número, consentimiento (fecha y cómo se dio) y baja. Solo administradores; 404 si el cliente no es de la empresa',
    params: zParamId,
    response: { 200: w.zWhatsappCliente },
  }),
  guardarWhatsappCliente: rutaDeWhatsapp({
    metodo: 'PUT',
    path: '/api/v4/whatsapp/clientes/:id',
    summary:
      'Guarda el número de WhatsApp de un cliente y su consentimiento (con la fecha de hoy y cómo se dio) o su baja. Solo administradores',
    params: zParamId,
    body: w.zGuardarWhatsappCliente,
    response: { 200: w.zWhatsappCliente },
  }),
  plantillasWhatsapp: rutaDeWhatsapp({
    metodo: 'GET',
    path: '/api/v4/whatsapp/plantillas',
    summary:
      'Las plantillas de WhatsApp: qué plantilla va con cada tipo de aviso, su texto, a quién va, y si la instalación envía de verdad o en modo de prueba',
    response: { 200: w.zPlantillasWhatsapp },
  }),
  mensajesWhatsappOrden: rutaDeWhatsapp({
    metodo: 'GET',
    path: '/api/v4/whatsapp/orden/:id',
    summary:
      'Los mensajes de WhatsApp de una orden con cada estado (enviado, entregado, leído); quien ve la orden los ve',
    params: zParamId,
    response: { 200: z.array(w.zMensajeWhatsapp) },
  }),
  verificarWebhookWhatsapp: rutaPublicaDeWhatsapp({
    metodo: 'GET',
    path: '/api/v4/whatsapp/webhook',
    summary:
      'Sin autenticación: la verificación del webhook por la Cloud API (responde hub.challenge como texto si hub.verify_token coincide; 403 si no)',
    querystring: zVerificacionWebhookWhatsapp,
    forma: 'archivo',
  }),
  webhookWhatsapp: rutaPublicaDeWhatsapp({
    metodo: 'POST',
    path: '/api/v4/whatsapp/webhook',
    summary:
      'Sin autenticación: estados de entrega y respuestas de la Cloud API, verificados por X-Hub-Signature-256 (401 si no coincide, sin cambiar nada); «BAJA» da de baja el número',
    body: z.unknown(),
    response: { 200: zOk },
  }),
} as const;
