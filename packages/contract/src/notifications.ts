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
  /** Someone removed the user from an order's responsables: the order may leave their list. */
  'ORDEN_QUITADA',
  'ORDEN_ESTADO',
  'ORDEN_VENCIDA',
  'ENCUESTA_RESPONDIDA',
  'FACTURACION_RECIBIDA',
  'ORDEN_NO_CONFORME',
  /** Service levels (issue 34): 80 % of a target used, and a target broken (to the administrators). */
  'SLA_POR_VENCER',
  'SLA_INCUMPLIDO',
  /** A request from outside the company arrived (issue 33): to who may delegate for its client. */
  'SOLICITUD_RECIBIDA',
  /** The outsider an order was handed to accepted or rejected it (issue 33): to who handed it over. */
  'EXTERNO_RESPONDIO',
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

/** The kinds of native push token: Firebase Cloud Messaging (Android) and Apple's APNs (iOS). */
export const TIPOS_TOKEN_NATIVO = ['fcm', 'apns'] as const;
export type TipoTokenNativo = (typeof TIPOS_TOKEN_NATIVO)[number];

/**
 * An FCM registration token: letters, digits and `_ - : .` (today some 150-200 characters; Google
 * does not fix the length). A token is a value the server sends inside a request to Google's one
 * fixed host, never an address it connects to.
 */
const TOKEN_FCM = /^[A-Za-z0-9_:.-]{8,4000}$/;
/** An APNs device token: the bytes Apple gives the app, written in hex (32 bytes today, up to 100). */
const TOKEN_APNS = /^(?:[0-9a-f]{2}){32,100}$/;

const MENSAJES_TOKEN_NATIVO = {
  fcm: 'El token de Firebase (FCM) no es válido: solo letras, números y _ - : . (de 8 a 4000 caracteres).',
  apns: 'El token de Apple (APNs) no es válido: debe ser hexadecimal, de 64 a 200 caracteres.',
  desconocido: 'El token del dispositivo no es una suscripción Web Push ni un token de la app (fcm:… o apns:…).',
} as const;

/**
 * What a device token is (issue 17):
 * - a browser's Web Push subscription: base64url JSON with an acceptable endpoint;
 * - a native app's token with its kind in front, `fcm:<token>` or `apns:<hex>` (what the app
 *   sends; `token` is then the stored form, with its kind, the APNs hex in lowercase);
 * - a token without a kind, as older apps sent it: 64 hex characters are APNs, anything in the
 *   FCM alphabet is FCM (stored with its kind, like the others).
 * `invalido` carries the Spanish reason.
 */
export function leerTokenDispositivo(
  token: string,
):
  | { tipo: 'webpush'; suscripcion: SuscripcionPush }
  | { tipo: TipoTokenNativo; token: string }
  | { tipo: 'invalido'; motivo: string } {
  const prefijo = /^(fcm|apns):/i.exec(token);
  if (prefijo) return leerTokenNativo(prefijo[1]!.toLowerCase() as TipoTokenNativo, token.slice(prefijo[0].length));
  const texto = base64urlATexto(token);
  let json: unknown = null;
  if (texto !== null) {
    try {
      json = JSON.parse(texto);
    } catch {
      json = null;
    }
  }
  if (typeof json !== 'object' || json === null || !('endpoint' in json)) {
    if (/^[0-9a-f]{64}$/i.test(token)) return leerTokenNativo('apns', token);
    if (TOKEN_FCM.test(token)) return leerTokenNativo('fcm', token);
    return { tipo: 'invalido', motivo: MENSAJES_TOKEN_NATIVO.desconocido };
  }
  const s = json as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof s.endpoint !== 'string' || typeof s.keys?.p256dh !== 'string' || typeof s.keys.auth !== 'string') {
    return { tipo: 'invalido', motivo: 'La suscripción push está incompleta: faltan la dirección o sus claves.' };
  }
  const motivo = motivoEndpointPush(s.endpoint);
  if (motivo) return { tipo: 'invalido', motivo };
  return { tipo: 'webpush', suscripcion: { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } } };
}

function leerTokenNativo(
  tipo: TipoTokenNativo,
  valor: string,
): { tipo: TipoTokenNativo; token: string } | { tipo: 'invalido'; motivo: string } {
  if (tipo === 'apns') {
    const hex = valor.toLowerCase();
    return TOKEN_APNS.test(hex)
      ? { tipo, token: `apns:${hex}` }
      : { tipo: 'invalido', motivo: MENSAJES_TOKEN_NATIVO.apns };
  }
  return TOKEN_FCM.test(valor)
    ? { tipo, token: `fcm:${valor}` }
    : { tipo: 'invalido', motivo: MENSAJES_TOKEN_NATIVO.fcm };
}

/**
 * The form a token is kept in (the native ones with their kind), or null when it is not a
 * device token at all. Registering and removing both use it, so the app's `fcm:x` and an older
 * app's bare `x` are the same device.
 */
export function tokenGuardado(token: string): string | null {
  const leido = leerTokenDispositivo(token);
  if (leido.tipo === 'invalido') return null;
  return leido.tipo === 'webpush' ? token : leido.token;
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
    if (leido.tipo !== 'invalido') return;
    // A subscription's fault is in its endpoint; a native token's, in the token itself.
    const esSuscripcion = base64urlATexto(v.deviceToken)?.trimStart().startsWith('{') ?? false;
    ctx.addIssue({
      code: 'custom',
      path: esSuscripcion ? ['deviceToken', 'endpoint'] : ['deviceToken'],
      message: leido.motivo,
    });
  });
