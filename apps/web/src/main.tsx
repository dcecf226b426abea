// First: it configures Zod before any schema is built (see the module).
import './lib/zod-sin-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registrarPwa } from './app/registro-pwa';
import { LoginLigero } from './features/auth/login-ligero/login-ligero';
import { hayCambiosEnBandeja } from './features/orders/inicio-ligero/bandeja-ligera';
import type { Traspaso } from './features/orders/inicio-ligero/inicio-ligero';
import { leerSesionLigera, pedirPagina } from './features/orders/inicio-ligero/pedir-inicio';
import { haySesionGuardada, limpiezaPrimerUso } from './lib/session-claves';

/*
 * The first load (issue 17, docs/APP-DE-CAMPO.md «Carga inicial»): this entry only decides. The
 * login without a session gets the first-stage login, and Inicio on a phone with a session the
 * first-stage Inicio (plain React + CSS, no Ionic); every other start, and those two once the
 * person logs in or does anything but read, loads the full app (app/app-completa.tsx) on demand.
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

async function cargarAppCompleta(traspaso?: Traspaso): Promise<void> {
  // Asked now, in parallel, instead of after the app draws its router; the route's own lazy
  // import (app/routes.ts) gets the same module.
  if (!traspaso && empiezaEnInicio()) {
    void import('./app/composicion/ordenes-lista-page').catch(() => undefined);
  }
  const [{ montarAppCompleta }, { borrarCacheCompleta }] = await Promise.all([
    import('./app/app-completa'),
    import('./lib/cache-persistente'),
  ]);
  if (wipe) void borrarCacheCompleta();
  if (traspaso) {
    // Where the person's action leads; Inicio stays behind it in the history (Back returns to it).
    const destino = traspaso.destino();
    if (destino === window.location.pathname + window.location.search) window.history.replaceState(null, '', destino);
    else window.history.pushState(null, '', destino);
  }
  montarAppCompleta(raiz, traspaso?.lista);
  if (traspaso?.repetir) repetirCuandoAparezca(traspaso.repetir);
}

/**
 * The first-stage Inicio's handover: the control the person pressed there, pressed (or, a text
 * field, focused) in the full app as soon as it is drawn; given up after 10 s.
 */
function repetirCuandoAparezca(selector: string): void {
  const limite = Date.now() + 10_000;
  const intentar = () => {
    const control = document.querySelector<HTMLElement>(selector);
    if (control) {
      if (control instanceof HTMLInputElement) control.focus();
      else control.click();
    } else if (Date.now() < limite) {
      window.setTimeout(intentar, 50);
    }
  };
  intentar();
}

/**
 * The first-stage Inicio's start: a stored session, Inicio's address without filters, a
 * phone-sized screen (below Ionic's split pane, where the menu shows beside the list and the
 * desktop gains little from a first stage) and a connection.
 */
function empiezaEnInicioLigero(): boolean {
  return (
    empiezaEnInicio() &&
    window.location.search === '' &&
    window.matchMedia('(max-width: 991.98px)').matches &&
    // Offline its plain fetch cannot answer: the full app shows the list kept in IndexedDB at once.
    navigator.onLine !== false
  );
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

const sesion = leerSesionLigera();

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
} else if (sesion && empiezaEnInicioLigero()) {
  window.history.replaceState(null, '', '/home');
  // The list is asked for now, while the screen's code loads (its own file: the login's first
  // load does not carry it).
  const primeraPagina = pedirPagina(sesion, 0);
  primeraPagina.catch(() => undefined);
  Promise.all([import('./features/orders/inicio-ligero/inicio-ligero'), hayCambiosEnBandeja(sesion.usuario.id)]).then(
    ([{ InicioLigero }, hayCambios]) => {
      // Changes waiting in the outbox: the full app sends them now and shows «N cambios pendientes».
      if (hayCambios) {
        void cargarAppCompleta();
        return;
      }
      // The full app takes over the service worker's registration, as after the light login.
      const pararPwa = registrarPwa(() => undefined);
      raiz.render(
        <StrictMode>
          <InicioLigero
            sesion={sesion}
            primeraPagina={primeraPagina}
            alTraspasar={async (traspaso) => {
              pararPwa();
              await cargarAppCompleta(traspaso);
            }}
          />
        </StrictMode>,
      );
    },
    () => void cargarAppCompleta(),
  );
} else {
  void cargarAppCompleta();
}
