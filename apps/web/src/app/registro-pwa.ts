/**
 * Registers the service worker of the installable app (issue 17; sw/sw.ts, built to /sw.js) and
 * reports a new version waiting to take over. workbox-window is imported on demand, after the page
 * has loaded: it never weighs on the first screen.
 */

/** How often an app left open (a phone in a pocket for days) asks the server for a new version. */
export const INTERVALO_BUSCAR_VERSION_MS = 60 * 60 * 1000;

/**
 * Registers the worker; calls `alHaberNueva(aplicar)` when a new version is installed and waiting.
 * `aplicar()` lets it take over and reloads the page once it controls it. Returns the cleanup.
 */
export type RegistrarPwa = (alHaberNueva: (aplicar: () => void) => void) => () => void;

/** No worker in development (Vite serves the sources) nor where the browser has none (jsdom, http). */
function hayServiceWorker(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

function cuandoCargue(hacer: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = setTimeout(hacer, 0);
    return () => clearTimeout(id);
  }
  window.addEventListener('load', hacer, { once: true });
  return () => window.removeEventListener('load', hacer);
}

export const registrarPwa: RegistrarPwa = (alHaberNueva) => {
  if (!hayServiceWorker()) return () => undefined;
  let cancelado = false;
  let intervalo: ReturnType<typeof setInterval> | undefined;
  const cancelarEspera = cuandoCargue(() => {
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelado) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => {
        alHaberNueva(() => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        });
      });
      wb.register().catch(() => {
        // Without a worker the app still works online; nothing to tell the person.
      });
      intervalo = setInterval(() => void wb.update().catch(() => undefined), INTERVALO_BUSCAR_VERSION_MS);
    });
  });
  return () => {
    cancelado = true;
    cancelarEspera();
    if (intervalo) clearInterval(intervalo);
  };
};
