import { describe, expect, it } from 'vitest';
import { declaracionesDeCaches } from '../caches.js';
import { LocalBus, type BusLog, type DomainEvent } from './bus.js';
import { CacheRegistry, empresa, type CacheDeclaration } from './cache-registry.js';
import { TenantCache } from './tenant-cache.js';

/** A bus whose resync a test can trigger (PgBus does it when its listener comes back). */
class BusDePrueba extends LocalBus {
  resincronizar(): void {
    this.resync();
  }
}

function registro() {
  const lineas: { obj: object; msg: string }[] = [];
  const log: BusLog = { warn: (obj, msg) => lineas.push({ obj, msg }), error: (obj, msg) => lineas.push({ obj, msg }) };
  const bus = new BusDePrueba(log);
  return { bus, lineas, registro: new CacheRegistry(bus, log) };
}

/** Resolves with the next event the bus delivers (after every subscriber registered earlier ran). */
const siguiente = (bus: LocalBus) =>
  new Promise<DomainEvent>((resolve) => {
    const quitar = bus.subscribe((e) => {
      quitar();
      resolve(e);
    });
  });

const LIMITES = { ttlMs: 60_000, maxEntradas: 100 };

describe('CacheRegistry', () => {
  it('cada evento declarado borra lo que su regla nombra, y solo eso', async () => {
    const { bus, registro: r } = registro();
    const clientes = r.register(
      { nombre: 'clientes', ttlMs: 60_000, maxEntradas: 100, invalidadaPor: { 'clientes.cambiados': empresa } },
      new TenantCache<string>(LIMITES),
    );
    const porUsuario = r.register(
      {
        nombre: 'por-usuario',
        ttlMs: 60_000,
        maxEntradas: 100,
        invalidadaPor: { 'usuario.datosCambiados': (e) => ({ entidadId: e.entidadId, keys: [String(e.usuarioId)] }) },
      },
      new TenantCache<string>(LIMITES),
    );
    clientes.set(1, 'todos', 'a');
    clientes.set(2, 'todos', 'b');
    porUsuario.set(1, '7', 'ana');
    porUsuario.set(1, '8', 'beto');

    let llegó = siguiente(bus);
    bus.publish({ type: 'clientes.cambiados', entidadId: 1 });
    await llegó;
    expect(clientes.get(1, 'todos')).toBeUndefined();
    expect(clientes.get(2, 'todos')).toBe('b');
    expect(porUsuario.get(1, '7')).toBe('ana');

    llegó = siguiente(bus);
    bus.publish({ type: 'usuario.datosCambiados', entidadId: 1, usuarioId: 7 });
    await llegó;
    expect(porUsuario.get(1, '7')).toBeUndefined();
    expect(porUsuario.get(1, '8')).toBe('beto');

    // An event no cache declares drops nothing.
    llegó = siguiente(bus);
    bus.publish({ type: 'plan.cambiado', entidadId: 2 });
    await llegó;
    expect(clientes.get(2, 'todos')).toBe('b');
  });

  it('los nombres de evento son un tipo cerrado: uno mal escrito no compila', () => {
    const d: CacheDeclaration<string> = {
      nombre: 'x',
      ttlMs: 1000,
      maxEntradas: 10,
      invalidadaPor: {
        // @ts-expect-error 'cliente.cambiados' is not a domain event.
        'cliente.cambiados': empresa,
      },
    };
    const conCampos: CacheDeclaration<number> = {
      nombre: 'y',
      ttlMs: 1000,
      maxEntradas: 10,
      // @ts-expect-error plan.cambiado carries no usuarioId.
      invalidadaPor: { 'plan.cambiado': (e) => ({ entidadId: e.entidadId, keys: [e.usuarioId] }) },
    };
    expect([d.nombre, conCampos.nombre]).toEqual(['x', 'y']);
  });

  it('una resincronización del bus vacía todas las cachés, y una carga empezada antes no guarda', async () => {
    const { bus, registro: r } = registro();
    const a = r.register({ nombre: 'a', ...LIMITES, invalidadaPor: {} }, new TenantCache<number>(LIMITES));
    const b = r.register({ nombre: 'b', ...LIMITES, invalidadaPor: {} }, new TenantCache<number>(LIMITES));
    a.set(1, 'k', 1);
    b.set(2, 'k', 2);
    let terminar: (v: number) => void = () => undefined;
    const lenta = a.getOrLoad(3, 'k', () => new Promise<number>((res) => (terminar = res)));
    bus.resincronizar();
    terminar(3);
    expect(await lenta).toBe(3);
    expect(a.get(1, 'k')).toBeUndefined();
    expect(b.get(2, 'k')).toBeUndefined();
    expect(a.get(3, 'k')).toBeUndefined();
  });

  it('una caché que falla al invalidar se registra y no deja sin invalidar a las demás', async () => {
    const { bus, registro: r, lineas } = registro();
    r.register(
      { nombre: 'rota', ...LIMITES, invalidadaPor: { 'catalogo.cambiado': empresa } },
      {
        invalidate: () => {
          throw new Error('rota');
        },
        clearAll: () => undefined,
      },
    );
    const sana = r.register(
      { nombre: 'sana', ...LIMITES, invalidadaPor: { 'catalogo.cambiado': empresa } },
      new TenantCache<number>(LIMITES),
    );
    sana.set(1, 'k', 1);
    const llegó = siguiente(bus);
    bus.publish({ type: 'catalogo.cambiado', entidadId: 1 });
    await llegó;
    expect(sana.get(1, 'k')).toBeUndefined();
    expect(lineas).toContainEqual(
      expect.objectContaining({ msg: 'cache.invalidacionFallo', obj: expect.objectContaining({ cache: 'rota' }) }),
    );
  });

  it('rechaza una caché sin TTL finito o sin tamaño máximo; todas las del servidor tienen ambos', () => {
    const { registro: r } = registro();
    expect(() =>
      r.register(
        { nombre: 'eterna', ttlMs: Infinity, maxEntradas: 10, invalidadaPor: {} },
        new TenantCache<number>(LIMITES),
      ),
    ).toThrow(/TTL/);
    for (const limites of [
      { maxEntradas: Infinity },
      { maxEntradas: 0 },
      { maxEntradas: 10, maxBytes: Infinity },
      { maxEntradas: 10, maxPorEntidad: 0.5 },
    ]) {
      expect(() =>
        r.register({ nombre: 'sin-fin', ttlMs: 1000, ...limites, invalidadaPor: {} }, new TenantCache<number>(LIMITES)),
      ).toThrow(/tamaño máximo/);
    }
    const todas = Object.values(declaracionesDeCaches({ credentialCacheTtlMs: 60_000, listCacheMs: 30_000 }));
    expect(todas.map((d) => d.nombre).sort()).toEqual([
      'calendario',
      'clientes',
      'consentimientosWhatsapp',
      'conteos',
      'credenciales',
      'detalles',
      'nombres',
      'paginas',
      'plan',
      'politicasSla',
      'tablero',
      'usuarios',
    ]);
    for (const d of todas) {
      expect(Number.isFinite(d.ttlMs) && d.ttlMs > 0, d.nombre).toBe(true);
      expect(Number.isSafeInteger(d.maxEntradas) && d.maxEntradas > 0, d.nombre).toBe(true);
      expect(Object.keys(d.invalidadaPor).length, d.nombre).toBeGreaterThan(0);
    }
  });

  it('los TTL vencen las entradas aunque no llegue ningún evento', () => {
    let t = 0;
    const c = new TenantCache<number>({ ttlMs: 1000, maxEntradas: 10, now: () => t });
    c.set(1, 'k', 1);
    t = 999;
    expect(c.get(1, 'k')).toBe(1);
    t = 1000;
    expect(c.get(1, 'k')).toBeUndefined();
  });
});

describe('LocalBus', () => {
  it('registra el error de un suscriptor (también el de una promesa) y entrega a los demás', async () => {
    const { bus, lineas } = registro();
    bus.subscribe(() => {
      throw new Error('síncrono');
    });
    bus.subscribe(() => Promise.reject(new Error('asíncrono')));
    const llegó = siguiente(bus);
    bus.publish({ type: 'plan.cambiado', entidadId: 5 });
    expect(await llegó).toEqual({ type: 'plan.cambiado', entidadId: 5 });
    await Promise.resolve();
    const fallos = lineas.filter((l) => l.msg === 'bus.suscriptorFallo');
    expect(fallos).toHaveLength(2);
    expect(fallos[0]?.obj).toMatchObject({ evento: 'plan.cambiado', entidadId: 5 });
  });
});
