import { IDBFactory } from 'fake-indexeddb';
import { createStore, del, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configurarBandeja, encolar } from '../../../lib/outbox';
import { leerCambios, usarAlmacen } from '../../../lib/outbox/almacen';
import { hayCambiosEnBandeja } from './bandeja-ligera';

let usuario: number;

const estado = (ordenId: number) => ({
  tipo: 'estado' as const,
  ordenId,
  descripcion: `Orden #${ordenId} · Estado → En proceso`,
  cuerpo: { estado: 2, comentarios: 'Sin señal' },
});

beforeEach(() => {
  // A new, empty IndexedDB for each test; the outbox in its real database (delego-bandeja).
  globalThis.indexedDB = new IDBFactory();
  usarAlmacen(null);
  usuario = 7;
  configurarBandeja({ enviar: async () => ({}), alAplicar: () => undefined, usuarioId: () => usuario });
});
afterEach(() => {
  configurarBandeja(null);
  usarAlmacen(null);
});

describe('hayCambiosEnBandeja (Inicio de primera etapa)', () => {
  it('sin bandeja dice que no y no crea la base: la bandeja sigue pudiendo guardar después', async () => {
    expect(await hayCambiosEnBandeja(7)).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('delego-bandeja');
    await encolar(estado(12));
    const { cambios } = await leerCambios(7);
    expect(cambios).toHaveLength(1);
    expect(await hayCambiosEnBandeja(7)).toBe(true);
  });

  it('un cambio de esta persona cuenta; el de otra persona no', async () => {
    await encolar(estado(12));
    expect(await hayCambiosEnBandeja(7)).toBe(true);
    expect(await hayCambiosEnBandeja(8)).toBe(false);
  });

  it('una bandeja vacía o con entradas dañadas dice que no', async () => {
    await encolar(estado(12));
    const { cambios } = await leerCambios(7);
    const tienda = createStore('delego-bandeja', 'cambios');
    await del(cambios[0]!.id, tienda);
    expect(await hayCambiosEnBandeja(7)).toBe(false);
    await set('roto', 42, tienda);
    await set('nulo', null, tienda);
    expect(await hayCambiosEnBandeja(7)).toBe(false);
  });
});
