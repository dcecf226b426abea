import { z } from 'zod';

/** A notification (SPEC §3: it has a read flag). */
export const zNotificacion = z.object({
  id: z.number().int(),
  tipo: z.string(),
  titulo: z.string(),
  mensaje: z.string(),
  ordenId: z.number().int().nullable(),
  fecha: z.number().int(),
  leida: z.boolean(),
});
export type Notificacion = z.infer<typeof zNotificacion>;

/** The kinds of notification (`tipo`): the order's own, a survey answered, billing data received. */
export const TIPOS_NOTIFICACION = [
  'ORDEN_ASIGNADA',
  'ORDEN_ESTADO',
  'ORDEN_VENCIDA',
  'ENCUESTA_RESPONDIDA',
  'FACTURACION_RECIBIDA',
] as const;
export type TipoNotificacion = (typeof TIPOS_NOTIFICACION)[number];

// ---------------------------------------------------------------------------------------------
// Devices for push (issue 10, item 7)

/**
 * The push services a browser subscription may point to: Chrome and Edge on Android (FCM),
 * Firefox (Mozilla autopush), Safari (Apple, `web.push.apple.com`), Edge and Windows (WNS,
 * `wns2-*.notify.windows.com`). Exact host names, and suffixes that need a label in front.
 * The server connects only to these, over HTTPS on the default port.
 */
export const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
] as const;
export const PUSH_SUFIJOS = ['.push.apple.com', '.notify.windows.com'] as const;

const ETIQUETA_DNS = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why a Web Push endpoint is not acceptable (Spanish), or null when it is. Pure: no DNS. */
export function motivoEndpointPush(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'La dirección de la suscripción push no es una URL válida.';
  }
  if (url.protocol !== 'https:') return 'La dirección de la suscripción push debe usar HTTPS.';
  if (url.username || url.password) return 'La dirección de la suscripción push no puede llevar usuario ni contraseña.';
  if (url.port !== '') return 'La dirección de la suscripción push debe usar el puerto predeterminado de HTTPS.';
  const host = url.hostname.toLowerCase();
  const conocido =
    (PUSH_HOSTS as readonly string[]).includes(host) ||
    PUSH_SUFIJOS.some((suf) => {
      if (!host.endsWith(suf)) return false;
      const antes = host.slice(0, -suf.length);
      return antes.length > 0 && antes.split('.').every((l) => ETIQUETA_DNS.test(l));
    });
  if (!conocido)
    return `La dirección de la suscripción push (${host}) no es de un servicio de notificaciones conocido.`;
  return null;
}

/** A browser's Web Push subscription, as the web sends it inside the device token. */
export interface SuscripcionPush {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function base64urlATexto(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(token)) return null;
  try {
    const b64 = token.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * What a device token is: a Web Push subscription (base64url JSON with an endpoint), or an
 * opaque native token (the mobile app's), which the server stores but never connects to.
 * `invalido` carries the Spanish reason when the token claims to be a subscription but is not
 * an acceptable one.
 */
export function leerTokenDispositivo(
  token: string,
): { tipo: 'webpush'; suscripcion: SuscripcionPush } | { tipo: 'nativo' } | { tipo: 'invalido'; motivo: string } {
  const texto = base64urlATexto(token);
  if (texto === null) return { tipo: 'nativo' };
  let json: unknown;
  try {
    json = JSON.parse(texto);
  } catch {
    return { tipo: 'nativo' };
  }
  if (typeof json !== 'object' || json === null || !('endpoint' in json)) return { tipo: 'nativo' };
  const s = json as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof s.endpoint !== 'string' || typeof s.keys?.p256dh !== 'string' || typeof s.keys.auth !== 'string') {
    return { tipo: 'invalido', motivo: 'La suscripción push está incompleta: faltan la dirección o sus claves.' };
  }
  const motivo = motivoEndpointPush(s.endpoint);
  if (motivo) return { tipo: 'invalido', motivo };
  return { tipo: 'webpush', suscripcion: { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } } };
}

/**
 * GET /api/v2/notificaciones/registrar/{flag}/{deviceToken}. Registering a Web Push
 * subscription needs an acceptable endpoint (the field `deviceToken.endpoint` names it on a
 * 400); removing a device (flag false) takes any token, so an old one can always be removed.
 */
export const zRegistroDispositivo = z
  .object({
    flag: z.enum(['true', 'false']),
    deviceToken: z
      .string()
      .min(8, 'El token del dispositivo es demasiado corto.')
      .max(4096, 'El token del dispositivo es demasiado largo.'),
  })
  .superRefine((v, ctx) => {
    if (v.flag !== 'true') return;
    const leido = leerTokenDispositivo(v.deviceToken);
    if (leido.tipo === 'invalido')
      ctx.addIssue({ code: 'custom', path: ['deviceToken', 'endpoint'], message: leido.motivo });
  });
