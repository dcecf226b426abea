/// <reference lib="webworker" />
/**
 * Delego's service worker, built by vite-plugin-pwa (strategy injectManifest) to dist/sw.js.
 *
 * - Issue 17: precaches the app shell (index.html, the JS and CSS of every screen, the icons) so
 *   the installed app opens without a connection; every navigation of the SPA is answered with
 *   the precached index.html, except the server's own pages (/api, /docs). The API is never
 *   cached here (the app keeps its own data cache).
 * - A new version waits until the person accepts it ('Actualizar', app/actualizacion-pwa.tsx),
 *   which posts { type: 'SKIP_WAITING' }.
 * - Issue 6: shows the Web Push notifications the server sends to a user with no open socket,
 *   and opens the order when one is tapped. A push carries JSON: { titulo, mensaje, ordenId, id }.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & typeof globalThis;

/** Paths the server answers itself: the REST API and the live socket, and the API docs. */
const NO_SON_DE_LA_APP = [/^\/api(\/|$)/, /^\/docs(\/|$)/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NO_SON_DE_LA_APP }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first installation controls the open pages at once (there is no older version to wait for).
clientsClaim();

interface DatosPush {
  titulo?: unknown;
  mensaje?: unknown;
  ordenId?: unknown;
  id?: unknown;
}

function leerPush(event: PushEvent): DatosPush {
  if (!event.data) return {};
  try {
    return (event.data.json() as DatosPush | null) ?? {};
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
      icon: '/iconos/icono-192.png',
      lang: 'es',
      // One entry per notification: the same one pushed twice replaces itself.
      tag: id !== null ? `delego-${id}` : undefined,
      data: { ordenId, id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const datos = (event.notification.data ?? {}) as DatosPush;
  const ruta = typeof datos.ordenId === 'number' ? `/orden/${datos.ordenId}` : '/notificaciones';
  event.waitUntil(abrir(ruta, typeof datos.id === 'number' ? datos.id : null));
});

/** Focuses an open window of the app and lets it route (no reload), or opens a new one. */
async function abrir(ruta: string, notificacionId: number | null): Promise<void> {
  const ventanas = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const propia = ventanas.find((c) => new URL(c.url).origin === self.location.origin);
  if (propia) {
    await propia.focus();
    propia.postMessage({ tipo: 'delego.abrir', ruta, notificacionId });
    return;
  }
  await self.clients.openWindow(new URL(ruta, self.location.origin).href);
}
