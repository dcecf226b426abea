import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach } from 'vitest';
import { configurarBandeja } from '../lib/outbox';
import { usarAlmacen } from '../lib/outbox/almacen';

/**
 * The outbox of the tests of one `describe`, in a fresh IndexedDB `nombre`, for the user
 * `usuarioId`: what they queue waits there (its sender answers nothing and is never reached).
 */
export function bandejaDePrueba(nombre: string, usuarioId: number): void {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    usarAlmacen(createStore(nombre, 'cambios'));
    configurarBandeja({ enviar: async () => ({}), usuarioId: () => usuarioId });
  });
  afterEach(() => {
    configurarBandeja(null);
    usarAlmacen(null);
  });
}
