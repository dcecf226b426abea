import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setupIonicReact } from '@ionic/react';
import { afterEach, vi } from 'vitest';
import { IONIC_CONFIG } from '../app/ionic-config';

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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

// Ionic's mode and config, as main.tsx sets them up in the app.
setupIonicReact(IONIC_CONFIG);
