/**
 * Web Push in this browser (issue 6): the service worker at /sw.js shows what the server pushes.
 * Every function here is a thin layer over the browser's APIs, so the rest of the app can be
 * tested without them.
 */

/** The service worker, served from the root so that its scope is the whole app. */
export const RUTA_SERVICE_WORKER = '/sw.js';

/** True when this browser can receive Web Push (a secure context with the three APIs). */
export function soportaPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext === true &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's answer so far: 'default' (not asked), 'granted' or 'denied'. */
export function permisoNotificaciones(): NotificationPermission {
  return soportaPush() ? Notification.permission : 'default';
}

export function registrarServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(RUTA_SERVICE_WORKER, { scope: '/' });
}

export function aBase64Url(bytes: Uint8Array): string {
  let binario = '';
  for (const b of bytes) binario += String.fromCharCode(b);
  return btoa(binario).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function desdeBase64Url(texto: string): Uint8Array<ArrayBuffer> {
  const base64 = texto.replace(/-/g, '+').replace(/_/g, '/');
  const binario = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binario.length));
  for (let i = 0; i < binario.length; i++) bytes[i] = binario.charCodeAt(i);
  return bytes;
}

/**
 * The device token the server expects for a browser: the subscription's JSON
 * ({endpoint, keys: {p256dh, auth}}) encoded as base64url.
 */
export function tokenDeSuscripcion(suscripcion: Pick<PushSubscription, 'toJSON'>): string {
  const json = suscripcion.toJSON();
  const datos = { endpoint: json.endpoint, keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth } };
  return aBase64Url(new TextEncoder().encode(JSON.stringify(datos)));
}

function mismaClave(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

/**
 * Subscribes this browser to Web Push with the server's VAPID key and returns the device token.
 * Permission must already be granted. A subscription made for another key (the server's keys
 * changed) is replaced.
 */
export async function suscribirNavegador(clavePublica: string): Promise<string> {
  await registrarServiceWorker();
  const registro = await navigator.serviceWorker.ready;
  const clave = desdeBase64Url(clavePublica);
  let suscripcion = await registro.pushManager.getSubscription();
  if (suscripcion && !mismaClave(suscripcion.options.applicationServerKey, clave)) {
    await suscripcion.unsubscribe();
    suscripcion = null;
  }
  suscripcion ??= await registro.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: clave });
  return tokenDeSuscripcion(suscripcion);
}

/** Drops this browser's push subscription, if any (logout: no pushes for nobody). */
export async function desuscribirNavegador(): Promise<void> {
  if (!soportaPush()) return;
  const registro = await navigator.serviceWorker.getRegistration(RUTA_SERVICE_WORKER);
  const suscripcion = await registro?.pushManager.getSubscription();
  await suscripcion?.unsubscribe();
}
