import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registrarPwa } from './app/registro-pwa';
import { LoginLigero } from './features/auth/login-ligero/login-ligero';
import { haySesionGuardada, limpiezaPrimerUso } from './lib/session-claves';

/*
 * The first load (issue 17, docs/APP-DE-CAMPO.md «Carga inicial»): this entry only decides. The
 * login without a session gets the first-stage login (plain React + CSS, no Ionic); every other
 * start, and that login once it succeeds, loads the full app (app/app-completa.tsx) on demand.
 */

// SPEC §9: wipe what older clients left in localStorage, once, before anything reads it.
// The answers kept in IndexedDB (lib/cache-persistente.ts) go with it.
const wipe = limpiezaPrimerUso();

const elemento = document.getElementById('root');
if (!elemento) throw new Error('Falta el elemento #root en index.html');
const raiz = createRoot(elemento);

/** Inicio (the order list) is where a start with a session lands: its code comes with the app's. */
function empiezaEnInicio(): boolean {
  const ruta = window.location.pathname;
  return ruta === '/' || ruta === '/home' || ruta === '/ordeneslist';
}

async function cargarAppCompleta(): Promise<void> {
  // Asked now, in parallel, instead of after the app draws its router; the route's own lazy
  // import (app/routes.ts) gets the same module.
  if (empiezaEnInicio()) void import('./features/orders/components/ordenes-lista-page').catch(() => undefined);
  const [{ montarAppCompleta }, { borrarCacheCompleta }] = await Promise.all([
    import('./app/app-completa'),
    import('./lib/cache-persistente'),
  ]);
  if (wipe) void borrarCacheCompleta();
  montarAppCompleta(raiz);
}

/** The paths the first-stage login answers: the login itself, and the start that redirects to it. */
function empiezaEnLogin(): boolean {
  if (haySesionGuardada()) return false;
  const ruta = window.location.pathname;
  if (ruta === '/' || ruta === '/home') {
    window.history.replaceState(null, '', '/login');
    return true;
  }
  return ruta === '/login';
}

if (empiezaEnLogin()) {
  // The service worker registers once the page has loaded, as in the full app (which takes over
  // the registration and its 'new version' notice: this one stops at the handover).
  const pararPwa = registrarPwa(() => undefined);
  raiz.render(
    <StrictMode>
      <LoginLigero
        alIngresar={async (destino) => {
          window.history.replaceState(null, '', destino);
          pararPwa();
          await cargarAppCompleta();
        }}
      />
    </StrictMode>,
  );
} else {
  void cargarAppCompleta();
}
