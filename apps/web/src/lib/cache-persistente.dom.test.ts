import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { createStore, entries, keys, set, type UseStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsuario } from '../test/factories';
import {
  borrarCacheCompleta,
  borrarCacheDeUsuario,
  consultaPersistida,
  leerEntrada,
  persistirAhora,
  respuestasGuardadas,
  sePersiste,
  VIDA_CACHE_MS,
  VERSION_CACHE,
  usarAlmacenCache,
} from './cache-persistente';
import { borrarSesion, guardarSesion } from './session';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
let store: UseStore;

function entrar(id: number) {
  guardarSesion({ usuario: makeUsuario({ id, usuario: `u${id}` }), md5: MD5 });
}

/** A client like the app's (crearQueryClient) for one key: what a page load starts with. */
function cliente() {
  const qc = new QueryClient({
    defaultOptions: { queries: { persister: consultaPersistida, staleTime: 30_000, retry: false } },
  });
  qc.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success' && e.action.manual) persistirAhora(e.query);
  });
  return qc;
}

/** The persister writes after the fetch, in a later task: wait until the store has `n` entries. */
async function esperarEntradas(n: number) {
  await vi.waitFor(async () => expect((await keys(store)).length).toBe(n));
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = createStore('prueba-cache', 'consultas');
  usarAlmacenCache(store);
  entrar(1);
});
afterEach(async () => {
  // The persister's writes run in later tasks: let them land in this test's store.
  await new Promise((r) => setTimeout(r, 100));
  borrarSesion();
  usarAlmacenCache(null);
});

describe('caché que sobrevive a una recarga', () => {
  it('guarda solo listas, órdenes y catálogos', () => {
    expect(sePersiste(['ordenes', 'lista', {}])).toBe(true);
    expect(sePersiste(['ordenes', 'detalle', 3])).toBe(true);
    expect(sePersiste(['catalogo', 'tipos', {}])).toBe(true);
    expect(sePersiste(['registro-gastos', 3])).toBe(true);
    expect(sePersiste(['archivos', 'lista', 3])).toBe(true);
    expect(sePersiste(['archivos', 'contenido', 3, 4])).toBe(false);
    expect(sePersiste(['checklists', 'orden', 3])).toBe(true);
    expect(sePersiste(['conformidad', 'orden', 3])).toBe(true);
    expect(sePersiste(['checklists', 'firma', 3, 4, 5])).toBe(false);
    expect(sePersiste(['conformidad', 'imagen', 3, 5])).toBe(false);
    expect(sePersiste(['admin', 'usuarios'])).toBe(false);
    expect(sePersiste(['estadisticas', 'dashboard', null])).toBe(false);
  });

  it('después de recargar abre con lo guardado sin pedirlo, y el refresco forzado va al servidor', async () => {
    const pedir = vi.fn(async () => ({ numero: 1 }));
    await cliente().fetchQuery({ queryKey: ['ordenes', 'detalle', 1], queryFn: pedir });
    await esperarEntradas(1);

    // A reload: a new client, empty in memory.
    const recargado = cliente();
    const sinRed = vi.fn(async () => {
      throw new Error('sin conexión');
    });
    await expect(recargado.fetchQuery({ queryKey: ['ordenes', 'detalle', 1], queryFn: sinRed })).resolves.toEqual({
      numero: 1,
    });
    // Behind what was kept, the server is asked; unreachable, the kept answer stays.
    await vi.waitFor(() => expect(sinRed).toHaveBeenCalledTimes(1));
    expect(recargado.getQueryData(['ordenes', 'detalle', 1])).toEqual({ numero: 1 });

    // Pull to refresh: the query has data, so the kept copy is not read; the server is asked.
    const fresco = vi.fn(async () => ({ numero: 2 }));
    await recargado.fetchQuery({ queryKey: ['ordenes', 'detalle', 1], queryFn: fresco, staleTime: 0 });
    expect(fresco).toHaveBeenCalledTimes(1);
    expect(recargado.getQueryData(['ordenes', 'detalle', 1])).toEqual({ numero: 2 });
  });

  it('lo guardado hace un instante también se confirma con el servidor al recargar (otro lo cambió entretanto)', async () => {
    await cliente().fetchQuery({ queryKey: ['ordenes', 'detalle', 3], queryFn: async () => ({ fin: '01/12/2026' }) });
    await esperarEntradas(1);
    const recargado = cliente();
    const delServidor = vi.fn(async () => ({ fin: '10/12/2026' }));
    expect(await recargado.fetchQuery({ queryKey: ['ordenes', 'detalle', 3], queryFn: delServidor })).toEqual({
      fin: '01/12/2026',
    });
    await vi.waitFor(() => expect(recargado.getQueryData(['ordenes', 'detalle', 3])).toEqual({ fin: '10/12/2026' }));
    expect(delServidor).toHaveBeenCalledTimes(1);
  });

  it('lo que la app escribe en una consulta (setQueryData) también queda guardado', async () => {
    const qc = cliente();
    await qc.fetchQuery({ queryKey: ['ordenes', 'detalle', 5], queryFn: async () => ({ estado: 'Pendiente' }) });
    qc.setQueryData(['ordenes', 'detalle', 5], { estado: 'En espera' });
    await vi.waitFor(async () => {
      const guardadas = await entries<string, string>(store);
      expect(guardadas.some(([, v]) => v.includes('En espera'))).toBe(true);
    });
    const recargado = await cliente().fetchQuery({
      queryKey: ['ordenes', 'detalle', 5],
      queryFn: async () => ({ estado: 'del servidor' }),
    });
    expect(recargado).toEqual({ estado: 'En espera' });
  });

  it('es por usuario: otro no lee lo guardado, y cerrar sesión borra solo lo de ese usuario', async () => {
    await cliente().fetchQuery({ queryKey: ['ordenes', 'lista', {}], queryFn: async () => ['de 1'] });
    await esperarEntradas(1);
    entrar(2);
    const delServidor = vi.fn(async () => ['de 2']);
    expect(await cliente().fetchQuery({ queryKey: ['ordenes', 'lista', {}], queryFn: delServidor })).toEqual(['de 2']);
    expect(delServidor).toHaveBeenCalledTimes(1);
    await esperarEntradas(2);

    await borrarCacheDeUsuario(1);
    const quedan = (await keys(store)).map(String);
    expect(quedan).toHaveLength(1);
    expect(quedan[0]?.startsWith('u2:')).toBe(true);
  });

  it('una entrada dañada se omite con un mensaje y se vuelve a pedir, sin romper', async () => {
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const qc = cliente();
    const hash = qc.getQueryCache().build(qc, { queryKey: ['ordenes', 'detalle', 9] }).queryHash;
    await set(`u1:q-${hash}`, '{"esto no es": JSON', store);
    const pedir = vi.fn(async () => ({ numero: 9 }));
    expect(await qc.fetchQuery({ queryKey: ['ordenes', 'detalle', 9], queryFn: pedir })).toEqual({ numero: 9 });
    expect(pedir).toHaveBeenCalledTimes(1);
    expect(aviso).toHaveBeenCalledWith('Caché local: se omitió una entrada dañada; se vuelve a pedir al servidor.');
    expect(() => leerEntrada('{"state": 1}')).toThrow();
    aviso.mockRestore();
  });

  it('lee lo guardado de este usuario bajo una raíz, sin lo vencido, lo de otra versión ni lo dañado', async () => {
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await cliente().fetchQuery({ queryKey: ['ordenes', 'detalle', 3], queryFn: async () => ({ detalle: 'tres' }) });
    await cliente().fetchQuery({ queryKey: ['ordenes', 'lista', {}], queryFn: async () => ['lista'] });
    await esperarEntradas(2);
    const entrada = (clave: unknown[], data: unknown, dataUpdatedAt: number, buster = VERSION_CACHE) =>
      JSON.stringify({ state: { data, dataUpdatedAt }, queryKey: clave, queryHash: JSON.stringify(clave), buster });
    await set(
      'u1:q-vieja',
      entrada(['ordenes', 'detalle', 4], { detalle: 'vieja' }, Date.now() - VIDA_CACHE_MS - 1),
      store,
    );
    await set(
      'u1:q-otra-version',
      entrada(['ordenes', 'detalle', 5], { detalle: 'otra' }, Date.now(), 'delego-0'),
      store,
    );
    await set('u1:q-danada', '{"no": JSON', store);
    await set('u2:q-de-otro', entrada(['ordenes', 'detalle', 6], { detalle: 'de otro' }, Date.now()), store);

    expect(await respuestasGuardadas(['ordenes', 'detalle'])).toEqual([
      { queryKey: ['ordenes', 'detalle', 3], data: { detalle: 'tres' } },
    ]);
    entrar(2);
    expect(await respuestasGuardadas(['ordenes', 'detalle'])).toEqual([
      { queryKey: ['ordenes', 'detalle', 6], data: { detalle: 'de otro' } },
    ]);
    borrarSesion();
    expect(await respuestasGuardadas(['ordenes'])).toEqual([]);
    aviso.mockRestore();
  });

  it('la limpieza del primer uso (SPEC §9) vacía toda la caché', async () => {
    await cliente().fetchQuery({ queryKey: ['ordenes', 'lista', {}], queryFn: async () => [1] });
    await esperarEntradas(1);
    await borrarCacheCompleta();
    expect(await keys(store)).toHaveLength(0);
  });
});
