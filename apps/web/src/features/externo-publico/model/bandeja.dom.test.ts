import { Blob as BlobDeNode } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { leerCambiosExterno, usarAlmacenesExterno, type CambioExterno } from './almacen';
import { BandejaExterno, INTERVALO_REINTENTO_MS, type NuevoCambioExterno } from './bandeja';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ENLACE = 'a'.repeat(64);
const sinConexion = () => new ApiError(0, 'SIN_CONEXION', 'No se pudo conectar con el servidor.');

let enviados: CambioExterno[];
let aplicados: string[];
let responder: (c: CambioExterno) => Promise<unknown>;

function enLinea(valor: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => valor });
}

function nuevaBandeja(enlace = ENLACE) {
  return new BandejaExterno({
    enlace,
    enviar: async (c) => {
      enviados.push(c);
      return responder(c);
    },
    alAplicar: (c) => aplicados.push(c.id),
  });
}

const horas = (descripcion: string): NuevoCambioExterno => ({
  tipo: 'registro',
  ordenId: 12,
  descripcion: `Horas: ${descripcion}`,
  cuerpo: { horas: [{ fecha: Date.UTC(2026, 0, 5), horas: 1, minutos: 0, descripcion }] },
});
const foto = (): NuevoCambioExterno => ({
  tipo: 'archivos',
  ordenId: 12,
  descripcion: 'Foto: caldera.jpg',
  cuerpo: null,
  // Node's Blob: jsdom's does not survive the structured clone of the fake IndexedDB (a browser's does).
  archivos: [
    { nombre: 'caldera.jpg', tipo: 'image/jpeg', datos: new BlobDeNode(['jpeg'], { type: 'image/jpeg' }) as Blob },
  ],
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  usarAlmacenesExterno({
    cambios: createStore('prueba-externo', 'cambios'),
    copias: createStore('prueba-copias', 'copias'),
  });
  enviados = [];
  aplicados = [];
  responder = async (c) => ({ ok: c.id });
  enLinea(true);
});
afterEach(() => {
  usarAlmacenesExterno(null);
  vi.useRealTimers();
});

describe('the contractor’s outbox', () => {
  it('online with nothing waiting: sends at once with its key and leaves nothing stored', async () => {
    const b = nuevaBandeja();
    const c = await b.agregar(horas('Revisión'));
    expect(c.id).toMatch(UUID);
    expect(enviados.map((e) => e.id)).toEqual([c.id]);
    expect(aplicados).toEqual([c.id]);
    expect(await leerCambiosExterno(ENLACE)).toEqual([]);
    expect(b.leer().cambios).toEqual([]);
  });

  it('offline: keeps the change (photo as a Blob) keyed by the link, sends nothing', async () => {
    enLinea(false);
    const b = nuevaBandeja();
    await b.agregar(foto());
    expect(enviados).toHaveLength(0);
    const guardados = await leerCambiosExterno(ENLACE);
    expect(guardados).toHaveLength(1);
    expect(guardados[0]).toMatchObject({ tipo: 'archivos', estado: 'pendiente', enlace: ENLACE });
    expect(await guardados[0]!.archivos![0]!.datos.text()).toBe('jpeg');
    expect(b.leer().cambios).toHaveLength(1);
    // Another link's outbox does not see it.
    expect(await leerCambiosExterno('b'.repeat(64))).toEqual([]);
  });

  it('replays in creation order, once each, when the connection returns (the online event)', async () => {
    enLinea(false);
    const b = nuevaBandeja();
    const parar = b.iniciar();
    const primero = await b.agregar(foto());
    const segundo = await b.agregar(horas('Cambio de válvula'));
    expect(enviados).toHaveLength(0);
    enLinea(true);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(aplicados).toHaveLength(2));
    await b.procesar();
    expect(enviados.map((e) => e.id)).toEqual([primero.id, segundo.id]);
    expect(enviados[0]!.creado).toBeLessThanOrEqual(enviados[1]!.creado);
    expect(await leerCambiosExterno(ENLACE)).toEqual([]);
    parar();
  });

  it('a network failure keeps it pending with the same key; the next try reuses that key', async () => {
    const b = nuevaBandeja();
    responder = async () => {
      throw sinConexion();
    };
    const c = await b.agregar(horas('Revisión'));
    await b.agregar(horas('Segunda'));
    // Each replay stopped at the first: the second was never tried before it (order kept).
    expect(enviados.map((e) => e.id)).toEqual([c.id, c.id]);
    let guardados = await leerCambiosExterno(ENLACE);
    expect(guardados.map((g) => g.estado)).toEqual(['pendiente', 'pendiente']);
    expect(guardados[0]).toMatchObject({ id: c.id, intentos: 2 });

    responder = async (x) => ({ ok: x.id });
    await b.procesar();
    expect(enviados.map((e) => e.id).slice(-2)).toEqual([c.id, guardados[1]!.id]);
    expect(enviados.filter((e) => e.id === c.id).every((e) => e.creado === c.creado)).toBe(true);
    guardados = await leerCambiosExterno(ENLACE);
    expect(guardados).toEqual([]);
  });

  it.each([
    [503, 'ERROR_INTERNO'],
    [408, 'HTTP_408'],
    [429, 'HTTP_429'],
    [409, 'IDEMPOTENCIA_EN_PROCESO'],
  ])('a %i (%s) stays pending', async (status, code) => {
    const b = nuevaBandeja();
    responder = async () => {
      throw new ApiError(status, code, 'Vuelva a intentar.');
    };
    await b.agregar(horas('Revisión'));
    expect((await leerCambiosExterno(ENLACE))[0]).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(b.leer().cambios).toHaveLength(1);
  });

  it('a 4xx refusal marks it refused with the server’s message; the later ones still go; «Descartar» removes it', async () => {
    const b = nuevaBandeja();
    enLinea(false);
    const malo = await b.agregar(horas('Demasiadas'));
    const bueno = await b.agregar(foto());
    responder = async (c) => {
      if (c.id === malo.id) throw new ApiError(400, 'DATOS_INVALIDOS', 'No se pueden registrar más de 24 horas.');
      return [];
    };
    enLinea(true);
    await b.procesar();
    expect(enviados.map((e) => e.id)).toEqual([malo.id, bueno.id]);
    const [rechazado] = b.leer().cambios;
    expect(b.leer().cambios).toHaveLength(1);
    expect(rechazado).toMatchObject({
      id: malo.id,
      estado: 'rechazado',
      error: { status: 400, mensaje: 'No se pueden registrar más de 24 horas.' },
    });
    // A refused change is not sent again by a replay.
    await b.procesar();
    expect(enviados).toHaveLength(2);
    await b.descartar(malo.id);
    expect(b.leer().cambios).toEqual([]);
    expect(await leerCambiosExterno(ENLACE)).toEqual([]);
  });

  it('a 410 closes the link: nothing more goes out and what waits stays stored', async () => {
    const b = nuevaBandeja();
    enLinea(false);
    await b.agregar(foto());
    await b.agregar(horas('Revisión'));
    responder = async () => {
      throw new ApiError(410, 'ENLACE_VENCIDO', 'La empresa revocó este enlace: ya no da acceso a la orden.');
    };
    enLinea(true);
    await b.procesar();
    expect(enviados).toHaveLength(1);
    expect(b.leer().cerrado?.message).toBe('La empresa revocó este enlace: ya no da acceso a la orden.');
    expect(await leerCambiosExterno(ENLACE)).toHaveLength(2);
    await b.procesar();
    await b.agregar(horas('Otra'));
    expect(enviados).toHaveLength(1);
    expect(b.leer().cambios).toHaveLength(3);
  });

  it('tries again every 30 s while something waits', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const b = nuevaBandeja();
    responder = async () => {
      throw sinConexion();
    };
    const parar = b.iniciar();
    const c = await b.agregar(horas('Revisión'));
    await b.procesar();
    const antes = enviados.length;
    expect(aplicados).toHaveLength(0);
    responder = async () => ({});
    vi.advanceTimersByTime(INTERVALO_REINTENTO_MS);
    await vi.waitFor(() => expect(aplicados).toEqual([c.id]));
    expect(enviados).toHaveLength(antes + 1);
    expect(enviados.every((e) => e.id === c.id)).toBe(true);
    parar();
  });

  it('a change added during a replay goes out right after it', async () => {
    const b = nuevaBandeja();
    let soltar: () => void = () => undefined;
    responder = (c) =>
      c.descripcion === 'Horas: lenta' ? new Promise((r) => (soltar = () => r({}))) : Promise.resolve({});
    const lenta = b.agregar(horas('lenta'));
    await vi.waitFor(() => expect(enviados).toHaveLength(1));
    const rapida = b.agregar(horas('rápida'));
    soltar();
    await Promise.all([lenta, rapida]);
    expect(enviados.map((e) => e.descripcion)).toEqual(['Horas: lenta', 'Horas: rápida']);
    expect(await leerCambiosExterno(ENLACE)).toEqual([]);
  });
});
