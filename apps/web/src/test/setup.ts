import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupIonicReact } from '@ionic/react';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { IONIC_CONFIG } from '../app/ionic-config';
import { servidorDePrueba, tomarProblemasDeCuerpo } from './servidor';

// Ionic's split pane and menu ask for media queries; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

// The answers come through the fake server's interceptors: on a loaded machine the first one of a
// file can take over the default second.
configure({ asyncUtilTimeout: 5000 });

// Every fetch of the app reaches the fake server (MSW); a call no handler takes fails loudly.
beforeAll(() => servidorDePrueba.listen({ onUnhandledRequest: 'error' }));
afterAll(() => servidorDePrueba.close());

afterEach(() => {
  cleanup();
  // Ionic moves a presented overlay (toast, alert) to the body, out of the tree cleanup unmounts:
  // one left open would answer the next file's `ion-toast` queries in this shared window.
  for (const capa of document.body.querySelectorAll(
    'ion-toast, ion-alert, ion-action-sheet, ion-loading, ion-modal, ion-popover',
  ))
    capa.remove();
  servidorDePrueba.resetHandlers();
  window.localStorage.clear();
  vi.restoreAllMocks();
  // A test that took the browser offline (navigator.onLine overridden) gives the connection back:
  // the files of a worker share this window (vitest.config.ts), and an offline app shows every
  // error as the offline toast.
  Reflect.deleteProperty(navigator, 'onLine');
  // TanStack Query's idea of the connection (set from navigator.onLine by crearQueryClient,
  // lib/conexion.ts) is global too.
  onlineManager.setOnline(true);
  const problemas = tomarProblemasDeCuerpo();
  if (problemas.length > 0) throw new Error(`Cuerpos que el servidor rechazaría:\n${problemas.join('\n')}`);
});

// Ionic's mode and config, as main.tsx sets them up in the app.
setupIonicReact(IONIC_CONFIG);
