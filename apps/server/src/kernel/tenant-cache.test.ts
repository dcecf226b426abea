import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimarBytes, TenantCache } from './tenant-cache.js';

const LIMITES = { ttlMs: 60_000, maxEntradas: 1000 };

describe('TenantCache', () => {
  it('guarda por entidad y clave, y clear vacía solo esa entidad', async () => {
    const c = new TenantCache<number>(LIMITES);
    expect(await c.getOrLoad(1, 'a', async () => 10)).toBe(10);
    expect(await c.getOrLoad(1, 'a', async () => 99)).toBe(10);
    expect(await c.getOrLoad(2, 'a', async () => 20)).toBe(20);
    c.clear(1);
    expect(c.get(1, 'a')).toBeUndefined();
    expect(c.get(2, 'a')).toBe(20);
    expect(c.tamano.entradas).toBe(1);
  });

  it('una carga empezada antes de un cambio no guarda lo que leyó', async () => {
    const c = new TenantCache<string>(LIMITES);
    let terminar: (v: string) => void = () => undefined;
    const lenta = c.getOrLoad(1, 'k', () => new Promise<string>((r) => (terminar = r)));
    c.clear(1);
    terminar('viejo');
    expect(await lenta).toBe('viejo');
    expect(c.get(1, 'k')).toBeUndefined();
    expect(await c.getOrLoad(1, 'k', async () => 'nuevo')).toBe('nuevo');
    expect(c.get(1, 'k')).toBe('nuevo');
  });

  it('vence las entradas pasado el ttl, y las vencidas dejan de ocupar lugar', () => {
    let t = 0;
    const c = new TenantCache<number>({ ttlMs: 1000, maxEntradas: 10, now: () => t });
    c.set(1, 'a', 1);
    t = 999;
    expect(c.get(1, 'a')).toBe(1);
    t = 1000;
    expect(c.get(1, 'a')).toBeUndefined();
    expect(c.tamano).toEqual({ entradas: 0, bytes: 0 });
  });

  it('una entrada que dice cuándo deja de ser cierta vence entonces, antes del ttl', async () => {
    let t = 0;
    const c = new TenantCache<string>({ ttlMs: 1000, maxEntradas: 10, now: () => t });
    c.set(1, 'a', 'hasta 300', 300);
    c.set(1, 'b', 'hasta después del ttl', 5000);
    c.set(1, 'c', 'ya no es cierta', 0);
    expect(await c.getOrLoadHasta(1, 'd', async () => ({ valor: 'cargada hasta 500', hasta: 500 }))).toBe(
      'cargada hasta 500',
    );
    expect(c.get(1, 'c')).toBeUndefined();
    t = 299;
    expect([c.get(1, 'a'), c.get(1, 'd')]).toEqual(['hasta 300', 'cargada hasta 500']);
    // Within its time it is answered without loading again.
    expect(await c.getOrLoadHasta(1, 'd', async () => ({ valor: 'otra', hasta: 900 }))).toBe('cargada hasta 500');
    t = 300;
    expect(c.get(1, 'a')).toBeUndefined();
    t = 500;
    expect(c.get(1, 'd')).toBeUndefined();
    t = 999;
    expect(c.get(1, 'b')).toBe('hasta después del ttl');
    t = 1000;
    expect(c.get(1, 'b')).toBeUndefined();
    expect(c.tamano).toEqual({ entradas: 0, bytes: 0 });
  });

  it('con ttl 0 (caché apagada) no guarda nada', () => {
    const c = new TenantCache<number[]>({ ttlMs: 0, maxEntradas: 10 });
    c.set(1, 'a', [1, 2, 3]);
    expect(c.tamano).toEqual({ entradas: 0, bytes: 0 });
  });

  it('pasado maxEntradas sale la entrada usada hace más tiempo, de cualquier entidad', () => {
    const c = new TenantCache<number>({ ttlMs: 60_000, maxEntradas: 3 });
    c.set(1, 'a', 1);
    c.set(2, 'b', 2);
    c.set(3, 'c', 3);
    // `a` is read: `b` is now the least recently used.
    expect(c.get(1, 'a')).toBe(1);
    c.set(4, 'd', 4);
    expect(c.get(2, 'b')).toBeUndefined();
    expect([c.get(1, 'a'), c.get(3, 'c'), c.get(4, 'd')]).toEqual([1, 3, 4]);
    expect(c.tamano.entradas).toBe(3);
    // Read again after the eviction spared them; the next one to go is the oldest of all.
    c.set(5, 'e', 5);
    expect(c.tamano.entradas).toBe(3);
    expect(c.get(5, 'e')).toBe(5);
  });

  it('pasado maxPorEntidad sale la entrada usada hace más tiempo de esa entidad, no de otras', () => {
    const c = new TenantCache<number>({ ttlMs: 60_000, maxEntradas: 100, maxPorEntidad: 2 });
    c.set(9, 'otra', 9);
    c.set(1, 'a', 1);
    c.set(1, 'b', 2);
    expect(c.get(1, 'a')).toBe(1);
    c.set(1, 'c', 3);
    expect(c.get(1, 'b')).toBeUndefined();
    expect([c.get(1, 'a'), c.get(1, 'c'), c.get(9, 'otra')]).toEqual([1, 3, 9]);
  });

  it('pasado maxBytes salen entradas hasta volver al límite; una entrada más grande que todo no se guarda', () => {
    const fila = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, titulo: `Orden ${i}` }));
    const c = new TenantCache<{ id: number; titulo: string }[]>({ ttlMs: 60_000, maxEntradas: 1000, maxBytes: 20_000 });
    for (let e = 1; e <= 50; e++) c.set(e, 'pagina', fila(25));
    expect(c.tamano.bytes).toBeLessThanOrEqual(20_000);
    expect(c.tamano.entradas).toBeGreaterThan(1);
    expect(c.tamano.entradas).toBeLessThan(50);
    // The newest are kept, the oldest went.
    expect(c.get(50, 'pagina')).toHaveLength(25);
    expect(c.get(1, 'pagina')).toBeUndefined();
    c.set(99, 'enorme', fila(5000));
    expect(c.get(99, 'enorme')).toBeUndefined();
    expect(c.get(50, 'pagina')).toHaveLength(25);
  });

  it('reemplazar una clave no la cuenta dos veces; invalidar y clearAll devuelven los bytes', () => {
    const c = new TenantCache<string>({ ttlMs: 60_000, maxEntradas: 10 });
    c.set(1, 'k', 'x'.repeat(100));
    const uno = c.tamano.bytes;
    c.set(1, 'k', 'y'.repeat(100));
    expect(c.tamano).toEqual({ entradas: 1, bytes: uno });
    c.set(1, 'j', 'z');
    c.invalidate(1, ['k']);
    expect(c.tamano.entradas).toBe(1);
    expect(c.get(1, 'j')).toBe('z');
    c.clearAll();
    expect(c.tamano).toEqual({ entradas: 0, bytes: 0 });
  });

  it('con cualquier secuencia de operaciones respeta los límites y la cuenta de bytes', () => {
    const op = fc.oneof(
      fc.record({
        t: fc.constant('set' as const),
        e: fc.integer({ min: 1, max: 6 }),
        k: fc.string({ maxLength: 3 }),
        n: fc.nat(40),
      }),
      fc.record({ t: fc.constant('get' as const), e: fc.integer({ min: 1, max: 6 }), k: fc.string({ maxLength: 3 }) }),
      fc.record({ t: fc.constant('clear' as const), e: fc.integer({ min: 1, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const c = new TenantCache<string>({ ttlMs: 60_000, maxEntradas: 8, maxPorEntidad: 3, maxBytes: 1500 });
        const guardado = new Map<string, string>();
        for (const o of ops) {
          if (o.t === 'set') {
            const v = 'v'.repeat(o.n);
            c.set(o.e, o.k, v);
            guardado.set(`${o.e}/${o.k}`, v);
          } else if (o.t === 'get') {
            const v = c.get(o.e, o.k);
            // Whatever it answers is the last value stored under that key.
            if (v !== undefined) expect(v).toBe(guardado.get(`${o.e}/${o.k}`));
          } else {
            c.clear(o.e);
          }
          expect(c.tamano.entradas).toBeLessThanOrEqual(8);
          expect(c.tamano.bytes).toBeLessThanOrEqual(1500);
        }
        // The byte count is the sum of what is left: read every key back and compare.
        let bytes = 0;
        let entradas = 0;
        for (const [clave, v] of guardado) {
          const [e, k] = [Number(clave.split('/')[0]), clave.slice(clave.indexOf('/') + 1)];
          if (c.get(e, k) === undefined) continue;
          entradas++;
          bytes += 120 + k.length + estimarBytes(v);
        }
        expect(c.tamano).toEqual({ entradas, bytes });
      }),
    );
  });
});

describe('estimarBytes', () => {
  it('crece con el contenido y recorre arreglos, objetos, Map y Set', () => {
    expect(estimarBytes('x'.repeat(1000))).toBeGreaterThan(1000);
    const filas = Array.from({ length: 100 }, (_, i) => ({ id: i, nombre: `Cliente ${i}` }));
    expect(estimarBytes(filas)).toBeGreaterThan(100 * 40);
    expect(estimarBytes(new Map(filas.map((f) => [f.id, f.nombre])))).toBeGreaterThan(100 * 30);
    expect(estimarBytes(new Set(filas.map((f) => f.nombre)))).toBeGreaterThan(100 * 20);
    // A cycle does not loop forever.
    const ciclo: Record<string, unknown> = { a: 1 };
    ciclo.yo = ciclo;
    expect(estimarBytes(ciclo)).toBeGreaterThan(0);
  });
});
