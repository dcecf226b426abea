import { describe, expect, it } from 'vitest';
import { TenantCache } from './tenant-cache.js';

describe('TenantCache', () => {
  it('guarda por entidad y clave, y clear vacía solo esa entidad', async () => {
    const c = new TenantCache<number>();
    expect(await c.getOrLoad(1, 'a', async () => 10)).toBe(10);
    expect(await c.getOrLoad(1, 'a', async () => 99)).toBe(10);
    expect(await c.getOrLoad(2, 'a', async () => 20)).toBe(20);
    c.clear(1);
    expect(c.get(1, 'a')).toBeUndefined();
    expect(c.get(2, 'a')).toBe(20);
  });

  it('una carga empezada antes de un cambio no guarda lo que leyó', async () => {
    const c = new TenantCache<string>();
    let terminar: (v: string) => void = () => undefined;
    const lenta = c.getOrLoad(1, 'k', () => new Promise<string>((r) => (terminar = r)));
    c.clear(1);
    terminar('viejo');
    expect(await lenta).toBe('viejo');
    expect(c.get(1, 'k')).toBeUndefined();
    expect(await c.getOrLoad(1, 'k', async () => 'nuevo')).toBe('nuevo');
    expect(c.get(1, 'k')).toBe('nuevo');
  });

  it('vence las entradas pasado el ttl', () => {
    let t = 0;
    const c = new TenantCache<number>(10, 10, 1000, () => t);
    c.set(1, 'a', 1);
    t = 999;
    expect(c.get(1, 'a')).toBe(1);
    t = 1000;
    expect(c.get(1, 'a')).toBeUndefined();
  });

  it('limita las entradas por entidad y la cantidad de entidades', () => {
    const c = new TenantCache<number>(2, 2);
    c.set(1, 'a', 1);
    c.set(1, 'b', 2);
    c.set(1, 'c', 3);
    expect(c.get(1, 'a')).toBeUndefined();
    expect(c.get(1, 'c')).toBe(3);
    c.set(2, 'a', 1);
    c.set(3, 'a', 1);
    expect(c.get(1, 'c')).toBeUndefined();
    expect(c.get(3, 'a')).toBe(1);
  });
});
