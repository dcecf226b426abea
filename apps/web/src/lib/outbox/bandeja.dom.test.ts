import { IDBFactory } from 'fake-indexeddb';
import { createStore, set, type UseStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { leerCambios, usarAlmacen } from './almacen';
import {
  BandejaLlenaError,
  configurarBandeja,
  corregirCambio,
  descartarCambio,
  enviarOEncolar,
  encolar,
  leerBandeja,
  ordenCreadaDe,
  procesarBandeja,
  quitarDanados,
  type Cambio,
} from './index';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sinConexion = () => new ApiError(0, 'SIN_CONEXION', 'No se pudo conectar con el servidor.');
const conflicto = (m = 'No se puede pasar de Cancelada a En espera.') => new ApiError(409, 'TRANSICION_INVALIDA', m);

let store: UseStore;
let usuario: number | null;
let enviados: { id: string; tipo: string; cuerpo: unknown; ordenId: number | null }[];
let responder: (c: Cambio) => Promise<unknown>;
let aplicados: string[];

function enLinea(valor: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => valor });
}

const estado = (ordenId: number, estado: number, comentarios = 'x') => ({
  tipo: 'estado' as const,
  ordenId,
  descripcion: `Orden #${ordenId} · Estado → ${estado}`,
  cuerpo: { estado, comentarios },
});
const horas = (ordenId: number, descripcion: string) => ({
  tipo: 'registro' as const,
  ordenId,
  descripcion: `Orden #${ordenId} · Registrar 1 h`,
  cuerpo: { horas: [{ fecha: 1, horas: 1, minutos: 0, descripcion }] },
});

beforeEach(() => {
  // A new, empty IndexedDB for each test.
  globalThis.indexedDB = new IDBFactory();
  store = createStore('prueba-bandeja', 'cambios');
  usarAlmacen(store);
  usuario = 7;
  enviados = [];
  aplicados = [];
  responder = async (c) => ({ ok: c.id });
  configurarBandeja({
    enviar: async (c) => {
      enviados.push({ id: c.id, tipo: c.tipo, cuerpo: c.cuerpo, ordenId: c.ordenId });
      return responder(c);
    },
    alAplicar: (c) => aplicados.push(c.id),
    usuarioId: () => usuario,
  });
  enLinea(true);
});
afterEach(() => {
  configurarBandeja(null);
  usarAlmacen(null);
});

describe('bandeja de salida', () => {
  it('sin conexión guarda el cambio con su clave y no lo envía', async () => {
    enLinea(false);
    const r = await enviarOEncolar(estado(12, 3));
    expect(r.tipo).toBe('encolado');
    expect(enviados).toHaveLength(0);
    const { cambios } = await leerCambios(7);
    expect(cambios).toHaveLength(1);
    expect(cambios[0]?.id).toMatch(UUID);
    expect(cambios[0]).toMatchObject({ tipo: 'estado', ordenId: 12, estado: 'pendiente', intentos: 0 });
    expect(leerBandeja().cambios).toHaveLength(1);
  });

  it('con conexión y nada esperando envía al momento, con una clave', async () => {
    const r = await enviarOEncolar<{ ok: string }>(estado(12, 2));
    expect(r.tipo).toBe('enviado');
    expect(enviados).toHaveLength(1);
    expect(enviados[0]?.id).toMatch(UUID);
    expect((await leerCambios(7)).cambios).toHaveLength(0);
  });

  it('si el envío no llega al servidor lo guarda con la misma clave (pudo haber llegado)', async () => {
    responder = async () => {
      throw sinConexion();
    };
    const r = await enviarOEncolar(estado(12, 2));
    expect(r.tipo).toBe('encolado');
    expect(enviados).toHaveLength(1);
    const { cambios } = await leerCambios(7);
    expect(cambios[0]?.id).toBe(enviados[0]?.id);
  });

  it('un rechazo del servidor al enviar al momento vuelve a la pantalla y no queda guardado', async () => {
    responder = async () => {
      throw conflicto();
    };
    await expect(enviarOEncolar(estado(12, 3))).rejects.toThrow('No se puede pasar de Cancelada a En espera.');
    expect((await leerCambios(7)).cambios).toHaveLength(0);
  });

  it('al volver la conexión los reenvía en orden, una vez cada uno, con su clave', async () => {
    enLinea(false);
    const a = await enviarOEncolar(estado(12, 3));
    const b = await enviarOEncolar(horas(12, 'Cableado'));
    const c = await enviarOEncolar(estado(13, 2));
    enLinea(true);
    // Two triggers at once (online event and the live channel): one replay.
    await Promise.all([procesarBandeja(), procesarBandeja()]);
    await procesarBandeja();
    const ids = [a, b, c].map((r) => (r.tipo === 'encolado' ? r.cambio.id : ''));
    expect(enviados.map((e) => e.id)).toEqual(ids);
    expect(aplicados).toEqual(ids);
    expect((await leerCambios(7)).cambios).toHaveLength(0);
    expect(leerBandeja().cambios).toHaveLength(0);
  });

  it('un cambio nuevo mientras otros esperan va detrás de ellos', async () => {
    enLinea(false);
    await enviarOEncolar(estado(12, 3));
    enLinea(true);
    const r = await enviarOEncolar(horas(12, 'Después'));
    expect(r.tipo).toBe('encolado');
    await procesarBandeja();
    expect(enviados.map((e) => e.tipo)).toEqual(['estado', 'registro']);
  });

  it('sin conexión en medio del reenvío se detiene ahí y conserva el orden', async () => {
    enLinea(false);
    await enviarOEncolar(estado(12, 3));
    await enviarOEncolar(horas(12, 'Uno'));
    enLinea(true);
    responder = async () => {
      throw sinConexion();
    };
    await procesarBandeja();
    expect(enviados).toHaveLength(1);
    const { cambios } = await leerCambios(7);
    expect(cambios.map((c) => [c.tipo, c.estado, c.intentos])).toEqual([
      ['estado', 'pendiente', 1],
      ['registro', 'pendiente', 0],
    ]);
    // Back: the same key goes again.
    responder = async (c) => ({ ok: c.id });
    await procesarBandeja();
    expect(enviados[1]?.id).toBe(enviados[0]?.id);
    expect((await leerCambios(7)).cambios).toHaveLength(0);
  });

  it('la misma clave todavía en proceso (409 IDEMPOTENCIA_EN_PROCESO) se reintenta después, no se rechaza', async () => {
    enLinea(false);
    await enviarOEncolar(estado(12, 3));
    enLinea(true);
    responder = async () => {
      throw new ApiError(409, 'IDEMPOTENCIA_EN_PROCESO', 'Esta operación ya se está procesando.');
    };
    await procesarBandeja();
    expect((await leerCambios(7)).cambios[0]?.estado).toBe('pendiente');
  });

  it('un rechazo queda a la vista con el mensaje; lo siguiente de esa orden espera, el de otra orden sigue', async () => {
    enLinea(false);
    await enviarOEncolar(estado(12, 3));
    await enviarOEncolar(horas(12, 'Espera detrás'));
    await enviarOEncolar(estado(13, 2));
    enLinea(true);
    responder = async (c) => {
      if (c.ordenId === 12) throw conflicto();
      return { ok: c.id };
    };
    await procesarBandeja();
    expect(enviados.map((e) => [e.ordenId, e.tipo])).toEqual([
      [12, 'estado'],
      [13, 'estado'],
    ]);
    const { cambios } = await leerCambios(7);
    expect(cambios.map((c) => [c.ordenId, c.tipo, c.estado])).toEqual([
      [12, 'estado', 'rechazado'],
      [12, 'registro', 'pendiente'],
    ]);
    expect(cambios[0]?.error).toEqual({
      status: 409,
      codigo: 'TRANSICION_INVALIDA',
      mensaje: 'No se puede pasar de Cancelada a En espera.',
    });
    // A later replay leaves both as they are.
    await procesarBandeja();
    expect(enviados).toHaveLength(2);
  });

  it('corregir lo reenvía con otra clave y el cuerpo nuevo, y libera lo que esperaba detrás', async () => {
    enLinea(false);
    await enviarOEncolar(estado(12, 3, 'Primero'));
    await enviarOEncolar(horas(12, 'Detrás'));
    enLinea(true);
    responder = async (c) => {
      if (c.tipo === 'estado' && (c.cuerpo as { estado: number }).estado === 3) throw conflicto();
      return { ok: c.id };
    };
    await procesarBandeja();
    const rechazado = leerBandeja().cambios[0];
    expect(rechazado?.estado).toBe('rechazado');
    await corregirCambio(rechazado?.id ?? '', {
      cuerpo: { estado: 1, comentarios: 'Reabro' },
      descripcion: 'Orden #12 · Estado → Pendiente',
    });
    const ultimo = enviados.slice(-2);
    expect(ultimo.map((e) => e.tipo)).toEqual(['estado', 'registro']);
    expect(ultimo[0]?.id).not.toBe(rechazado?.id);
    expect(ultimo[0]?.cuerpo).toEqual({ estado: 1, comentarios: 'Reabro' });
    expect((await leerCambios(7)).cambios).toHaveLength(0);
  });

  it('descartar lo quita sin enviarlo', async () => {
    enLinea(false);
    const r = await enviarOEncolar(estado(12, 3));
    if (r.tipo !== 'encolado') throw new Error('esperaba encolado');
    await descartarCambio(r.cambio.id);
    enLinea(true);
    await procesarBandeja();
    expect(enviados).toHaveLength(0);
    expect(leerBandeja().cambios).toHaveLength(0);
  });

  it('cada usuario ve y envía solo lo suyo', async () => {
    enLinea(false);
    await enviarOEncolar(estado(12, 3));
    usuario = 8;
    await enviarOEncolar(estado(14, 2));
    enLinea(true);
    await procesarBandeja();
    expect(enviados.map((e) => e.ordenId)).toEqual([14]);
    expect((await leerCambios(7)).cambios.map((c) => c.ordenId)).toEqual([12]);
  });

  it('una entrada dañada se omite con un aviso, nunca rompe, y se puede quitar', async () => {
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await set('basura', { id: 'no-es-un-uuid', tipo: 'otro' }, store);
    enLinea(false);
    await enviarOEncolar(estado(12, 3));
    const { cambios, danados } = await leerCambios(7);
    expect(cambios).toHaveLength(1);
    expect(danados).toEqual(['basura']);
    expect(aviso).toHaveBeenCalledWith('Bandeja de salida: se omitió una entrada dañada', 'basura');
    expect(leerBandeja().danados).toEqual(['basura']);
    enLinea(true);
    await procesarBandeja();
    expect(enviados).toHaveLength(1);
    await quitarDanados();
    expect((await leerCambios(7)).danados).toEqual([]);
    aviso.mockRestore();
  });

  describe('archivos de una orden creada sin conexión (issue 36)', () => {
    const alta = (titulo: string) => ({
      tipo: 'orden' as const,
      ordenId: null,
      descripcion: `Nueva orden: ${titulo}`,
      cuerpo: { titulo },
    });
    const foto = (ordenClave: string, nombre: string) => ({
      tipo: 'archivos' as const,
      ordenId: null,
      ordenClave,
      descripcion: `Adjuntar ${nombre}`,
      cuerpo: { nombre },
    });
    async function altaConFotos(titulo: string, nombres: string[]): Promise<string> {
      enLinea(false);
      const r = await enviarOEncolar(alta(titulo));
      if (r.tipo !== 'encolado') throw new Error('esperaba encolado');
      for (const n of nombres) await encolar(foto(r.cambio.id, n));
      return r.cambio.id;
    }

    it('van después de la orden, a la orden que creó el servidor, en orden y una vez cada uno', async () => {
      const clave = await altaConFotos('Sótano', ['a.jpg', 'b.pdf']);
      enLinea(true);
      responder = async (c) => (c.tipo === 'orden' ? { id: 501, numero: 77 } : { ok: c.id });
      await Promise.all([procesarBandeja(), procesarBandeja()]);
      await procesarBandeja();
      expect(enviados.map((e) => [e.tipo, e.ordenId, e.cuerpo])).toEqual([
        ['orden', null, { titulo: 'Sótano' }],
        ['archivos', 501, { nombre: 'a.jpg' }],
        ['archivos', 501, { nombre: 'b.pdf' }],
      ]);
      expect(ordenCreadaDe(clave)).toBe(501);
      expect((await leerCambios(7)).cambios).toHaveLength(0);
    });

    it('un corte después de crear la orden deja los archivos ya enlazados a ella, con su clave', async () => {
      await altaConFotos('Techo', ['c.jpg']);
      enLinea(true);
      responder = async (c) => {
        if (c.tipo === 'orden') return { id: 502 };
        throw sinConexion();
      };
      await procesarBandeja();
      const { cambios } = await leerCambios(7);
      expect(cambios.map((c) => [c.tipo, c.ordenId, c.intentos])).toEqual([['archivos', 502, 1]]);
      const clave = cambios[0]?.id;
      responder = async (c) => ({ ok: c.id });
      await procesarBandeja();
      expect(enviados.slice(-1)).toEqual([{ id: clave, tipo: 'archivos', cuerpo: { nombre: 'c.jpg' }, ordenId: 502 }]);
      expect(enviados.filter((e) => e.tipo === 'orden')).toHaveLength(1);
    });

    it('si el servidor rechaza la orden, sus archivos esperan sin enviarse; corregirla los lleva con ella', async () => {
      await altaConFotos('Sin cupo', ['d.jpg']);
      enLinea(true);
      responder = async (c) => {
        if (c.tipo === 'orden' && (c.cuerpo as { titulo: string }).titulo === 'Sin cupo') {
          throw new ApiError(403, 'SIN_CUPO', 'No le quedan órdenes en su plan.');
        }
        return c.tipo === 'orden' ? { id: 503 } : { ok: c.id };
      };
      await procesarBandeja();
      await procesarBandeja();
      expect(enviados.map((e) => e.tipo)).toEqual(['orden']);
      expect((await leerCambios(7)).cambios.map((c) => [c.tipo, c.estado])).toEqual([
        ['orden', 'rechazado'],
        ['archivos', 'pendiente'],
      ]);
      const rechazada = leerBandeja().cambios[0]!;
      await corregirCambio(rechazada.id, { cuerpo: { titulo: 'Con cupo' } });
      expect(enviados.slice(1).map((e) => [e.tipo, e.ordenId])).toEqual([
        ['orden', null],
        ['archivos', 503],
      ]);
      expect((await leerCambios(7)).cambios).toHaveLength(0);
    });

    it('descartar la orden descarta sus archivos: nunca salen sin ella', async () => {
      const clave = await altaConFotos('Descartada', ['e.jpg', 'f.jpg']);
      await enviarOEncolar(estado(12, 3));
      await descartarCambio(clave);
      enLinea(true);
      await procesarBandeja();
      expect(enviados.map((e) => [e.tipo, e.ordenId])).toEqual([['estado', 12]]);
      expect((await leerCambios(7)).cambios).toHaveLength(0);
    });
  });

  it('el almacenamiento lleno se informa con un mensaje claro', async () => {
    usarAlmacen(() => Promise.reject(new DOMException('lleno', 'QuotaExceededError')));
    enLinea(false);
    const error = await enviarOEncolar(estado(12, 3)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BandejaLlenaError);
    expect((error as Error).message).toMatch(/almacenamiento del dispositivo está lleno/);
  });
});
