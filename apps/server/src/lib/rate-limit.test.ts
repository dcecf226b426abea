import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

const HORA = { max: 3, ventanaMs: 3_600_000 };

describe('RateLimiter', () => {
  it('deja pasar hasta el límite, después pide esperar lo que falta de la ventana', () => {
    let t = 0;
    const l = new RateLimiter(() => t);
    for (let i = 0; i < 3; i++) expect(l.take([['a:1', HORA]])).toBe(0);
    expect(l.take([['a:1', HORA]])).toBe(3600);
    t = 1_800_000;
    expect(l.take([['a:1', HORA]])).toBe(1800);
    expect(l.take([['a:2', HORA]])).toBe(0);
    t = 3_600_000;
    expect(l.take([['a:1', HORA]])).toBe(0);
  });

  it('una llamada rechazada por una clave no cuenta en las otras', () => {
    const l = new RateLimiter(() => 0);
    const porCuenta = { max: 1, ventanaMs: 60_000 };
    expect(
      l.take([
        ['dir', HORA],
        ['cuenta:ana', porCuenta],
      ]),
    ).toBe(0);
    expect(
      l.take([
        ['dir', HORA],
        ['cuenta:ana', porCuenta],
      ]),
    ).toBe(60);
    // The refused call did not use the address's second call.
    expect(
      l.take([
        ['dir', HORA],
        ['cuenta:bob', porCuenta],
      ]),
    ).toBe(0);
    expect(
      l.take([
        ['dir', HORA],
        ['cuenta:eva', porCuenta],
      ]),
    ).toBe(0);
    expect(
      l.take([
        ['dir', HORA],
        ['cuenta:flor', porCuenta],
      ]),
    ).toBe(3600);
  });

  it('acota la memoria: pasado el máximo descarta lo vencido y después lo más viejo', () => {
    let t = 0;
    const l = new RateLimiter(() => t, 20);
    l.take([['vieja', { max: 1, ventanaMs: 10 }]]);
    t = 100;
    for (let i = 0; i < 40; i++) l.take([[`k${i}`, { max: 1, ventanaMs: 1_000 }]]);
    expect(l.take([['k39', { max: 1, ventanaMs: 1_000 }]])).toBeGreaterThan(0);
    expect(l.take([['k0', { max: 1, ventanaMs: 1_000 }]])).toBe(0);
  });
});
