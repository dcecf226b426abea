import { IDBFactory } from 'fake-indexeddb';
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { createStore, keys, type UseStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../app/query-client';
import { makeUsuario } from '../test/factories';
import { usarAlmacenCache } from './cache-persistente';
import {
  errorEnLugarDeDatos,
  esperaConexionSinDatos,
  muestraCopiaSinConexion,
  textoCopiaSinConexion,
} from './conexion';
import { ApiError } from './errors';
import { borrarSesion, guardarSesion } from './session';

const ZONA = 'America/Argentina/Buenos_Aires';
/** 27/11/2026 14:05 in Buenos Aires (UTC-3). */
const OBTENIDA = Date.UTC(2026, 10, 27, 17, 5);
const SIN_RED = new ApiError(0, 'SIN_CONEXION', 'No se pudo conectar con el servidor.');

let store: UseStore;
let enLinea = true;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = createStore('prueba-conexion', 'consultas');
  usarAlmacenCache(store);
  guardarSesion({ usuario: makeUsuario({ id: 1, usuario: 'u1' }), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
  enLinea = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => enLinea);
});
afterEach(async () => {
  await new Promise((r) => setTimeout(r, 50));
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  borrarSesion();
  usarAlmacenCache(null);
});

describe('la marca «Sin conexión · datos de hh:mm»', () => {
  it('dice la hora en que se obtuvieron los datos, en la zona de la empresa, y la fecha si no son de hoy', () => {
    expect(textoCopiaSinConexion(OBTENIDA, ZONA, OBTENIDA + 60 * 60_000)).toBe('Sin conexión · datos de 14:05');
    expect(textoCopiaSinConexion(OBTENIDA, ZONA, OBTENIDA + 12 * 60 * 60_000)).toBe(
      'Sin conexión · datos del 27/11/2026 14:05',
    );
  });

  it('se muestra con datos y sin conexión, con el refresco en espera o fallado sin llegar al servidor', () => {
    const base = { data: [1], dataUpdatedAt: OBTENIDA, error: null, fetchStatus: 'idle' as const };
    expect(muestraCopiaSinConexion(base, true)).toBe(false);
    expect(muestraCopiaSinConexion(base, false)).toBe(true);
    expect(muestraCopiaSinConexion({ ...base, fetchStatus: 'paused' }, true)).toBe(true);
    expect(muestraCopiaSinConexion({ ...base, error: SIN_RED }, true)).toBe(true);
    expect(muestraCopiaSinConexion({ ...base, error: new ApiError(500, 'HTTP_500', 'x') }, true)).toBe(false);
    // Nothing on screen, or another filter's answer as a placeholder: no copy to mark.
    expect(muestraCopiaSinConexion({ ...base, data: undefined }, false)).toBe(false);
    expect(muestraCopiaSinConexion({ ...base, isPlaceholderData: true }, false)).toBe(false);
  });

  it('un refresco que no llegó al servidor deja los datos; un 4xx o la falta de datos muestran el error', () => {
    expect(errorEnLugarDeDatos({ data: [1], error: SIN_RED })).toBe(false);
    expect(errorEnLugarDeDatos({ data: [1], error: new ApiError(500, 'HTTP_500', 'x') })).toBe(false);
    expect(errorEnLugarDeDatos({ data: [1], error: new ApiError(404, 'NO_ENCONTRADO', 'x') })).toBe(true);
    expect(errorEnLugarDeDatos({ data: undefined, error: SIN_RED })).toBe(true);
    expect(errorEnLugarDeDatos({ data: [1], error: null })).toBe(false);
  });

  it('sin nada guardado y esperando la conexión es «Sin conexión», no un error ni un cargando eterno', () => {
    expect(esperaConexionSinDatos({ data: undefined, fetchStatus: 'paused' })).toBe(true);
    expect(esperaConexionSinDatos({ data: [1], fetchStatus: 'paused', isPlaceholderData: true })).toBe(true);
    expect(esperaConexionSinDatos({ data: [1], fetchStatus: 'paused' })).toBe(false);
    expect(esperaConexionSinDatos({ data: undefined, fetchStatus: 'fetching' })).toBe(false);
  });
});

describe('recargar sin conexión (crearQueryClient)', () => {
  const CLAVE = ['ordenes', 'lista', { estados: [1, 2, 3] }];

  it('abre con lo guardado sin error, espera la conexión y se actualiza sola al volver', async () => {
    const primera = crearQueryClient();
    await primera.fetchQuery({ queryKey: CLAVE, queryFn: async () => ['guardada'] });
    await vi.waitFor(async () => expect(await keys(store)).toHaveLength(1));

    // The reload, offline: no `offline` event is fired after it, only navigator.onLine says so.
    enLinea = false;
    const qc = crearQueryClient();
    qc.mount();
    let alServidor = 0;
    const observador = new QueryObserver(qc, {
      queryKey: CLAVE,
      queryFn: async () => {
        alServidor++;
        if (!navigator.onLine) throw SIN_RED;
        return ['del servidor'];
      },
    });
    const quitar = observador.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(observador.getCurrentResult().data).toEqual(['guardada']));
      // The refresh behind the kept answer tried once and now waits for the connection: no
      // retries until it fails, no error over the kept list. TanStack sleeps its first retry delay
      // (1 s) before it looks at the connection and pauses, as long as waitFor's default timeout:
      // the wait must outlast it, or the test races the delay.
      await vi.waitFor(() => expect(observador.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 5_000 });
      const enPausa = observador.getCurrentResult();
      expect(enPausa.status).toBe('success');
      expect(enPausa.isError).toBe(false);
      expect(alServidor).toBe(1);

      // The connection returns: nobody taps «Reintentar».
      enLinea = true;
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(observador.getCurrentResult().data).toEqual(['del servidor']));
      expect(observador.getCurrentResult().isError).toBe(false);
    } finally {
      quitar();
      qc.unmount();
    }
  });
});
