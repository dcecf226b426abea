/* global self */
/**
 * Delego's service worker (issue 6): shows the Web Push notifications the server sends to a user
 * with no open socket, and opens the order when one is tapped. Plain JavaScript, served as is
 * from the root of the app (Vite copies public/ to dist/).
 *
 * A push carries JSON: { titulo, mensaje, ordenId, id }.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function leerPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json() || {};
  } catch {
    return { mensaje: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const datos = leerPush(event);
  const ordenId = typeof datos.ordenId === 'number' ? datos.ordenId : null;
  const id = typeof datos.id === 'number' ? datos.id : null;
  const titulo = typeof datos.titulo === 'string' && datos.titulo ? datos.titulo : 'Delego';
  event.waitUntil(
    self.registration.showNotification(titulo, {
      body: typeof datos.mensaje === 'string' ? datos.mensaje : '',
      icon: '/favicon.svg',
      lang: 'es',
      // One entry per notification: the same one pushed twice replaces itself.
      tag: id !== null ? `delego-${id}` : undefined,
      data: { ordenId, id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const datos = event.notification.data || {};
  const ruta = typeof datos.ordenId === 'number' ? `/orden/${datos.ordenId}` : '/notificaciones';
  event.waitUntil(abrir(ruta, typeof datos.id === 'number' ? datos.id : null));
});

/** Focuses an open window of the app and lets it route (no reload), or opens a new one. */
async function abrir(ruta, notificacionId) {
  const ventanas = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const propia = ventanas.find((c) => new URL(c.url).origin === self.location.origin);
  if (propia) {
    await propia.focus();
    propia.postMessage({ tipo: 'delego.abrir', ruta, notificacionId });
    return;
  }
  await self.clients.openWindow(new URL(ruta, self.location.origin).href);
}
