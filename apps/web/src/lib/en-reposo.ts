/**
 * Runs `tarea` once the page has loaded and the browser is idle (issue 17, the first load): code
 * that no screen needs to draw (components for later screens, the outbox's list) waits until the
 * first screen is on the phone instead of competing with it. `maximoMs` bounds the wait for idle
 * time on a busy phone. Returns a function that cancels it if it has not run yet.
 */
export function enReposo(tarea: () => void, maximoMs = 3000): () => void {
  let cancelado = false;
  let cancelarPaso: () => void = () => undefined;
  const correr = () => {
    if (!cancelado) tarea();
  };
  const cuandoLibre = () => {
    if (cancelado) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(correr, { timeout: maximoMs });
      cancelarPaso = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(correr, 0);
      cancelarPaso = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') cuandoLibre();
  else {
    window.addEventListener('load', cuandoLibre, { once: true });
    cancelarPaso = () => window.removeEventListener('load', cuandoLibre);
  }
  return () => {
    cancelado = true;
    cancelarPaso();
  };
}
