import { describe, expect, it } from 'vitest';
import { ContadorEnMemoria } from './rate-limit.js';

const HORA = { max: 3, ventanaMs: 3_600_000 };

describe('ContadorEnMemoria', async () => {
  it('deja pasar hasta el límite, después pide esperar lo que falta de la ventana', async () => {
    let t = 0;
    const l = new ContadorEnMemoria(() => t);
    for (let i = 0; i < 3; i++) expect(await l.take([['a:1', HORA]])).toBe(0);
    expect(await l.take([['a:1', HORA]])).toBe(3600);
    t = 1_800_000;
    expect(await l.take([['a:1', HORA]])).toBe(1800);
    expect(await l.take([['a:2', HORA]])).toBe(0);
    t = 3_600_000;
    expect(await l.take([['a:1', HORA]])).toBe(0);
  });

  it('una llamada rechazada por una clave no cuenta en las otras', async () => {
    const l = new ContadorEnMemoria(() => 0);
    const porCuenta = { max: 1, ventanaMs: 60_000 };
    expect(
      await l.take([
        ['dir', HORA],
        ['cuenta:ana', porCuenta],
      ]),
    ).toBe(0);
    expect(
      await l.take([
        ['dir', HORA],
        ['cuenta:ana', porCuenta],
      ]),
    ).toBe(60);
    // The refused call did not use the address's second call.
    expect(
      await l.take([
        ['dir', HORA],
        ['cuenta:bob', porCuenta],
      ]),
    ).toBe(0);
    expect(
      await l.take([
        ['dir', HORA],
        ['cuenta:eva', porCuenta],
      ]),
    ).toBe(0);
    expect(
      await l.take([
        ['dir', HORA],
        ['cuenta:flor', porCuenta],
      ]),
    ).toBe(3600);
  });

  it('acota la memoria: pasado el máximo descarta lo vencido y después lo más viejo', async () => {
    let t = 0;
    const l = new ContadorEnMemoria(() => t, 20);
    await l.take([['vieja', { max: 1, ventanaMs: 10 }]]);
    t = 100;
    for (let i = 0; i < 40; i++) await l.take([[`k${i}`, { max: 1, ventanaMs: 1_000 }]]);
    expect(await l.take([['k39', { max: 1, ventanaMs: 1_000 }]])).toBeGreaterThan(0);
    expect(await l.take([['k0', { max: 1, ventanaMs: 1_000 }]])).toBe(0);
  });

  it('suma y resta en la ventana vigente, nunca por debajo de cero; fijar empieza la ventana de nuevo', async () => {
    let t = 0;
    const l = new ContadorEnMemoria(() => t);
    await l.sumar(['x', 'y'], 1_000);
    await l.sumar(['x'], 1_000);
    await l.sumar(['y', 'z'], 1_000, -1);
    expect([...(await l.leer(['x', 'y', 'z'])).entries()]).toEqual([
      ['x', { usadas: 2, hasta: 1_000 }],
      ['y', { usadas: 0, hasta: 1_000 }],
    ]);
    t = 500;
    await l.fijar('x', 1, 1_000);
    t = 1_000;
    expect((await l.leer(['x', 'y'])).get('x')).toEqual({ usadas: 1, hasta: 1_500 });
    expect((await l.leer(['y'])).size).toBe(0);
    await l.borrar(['x']);
    expect(l.vacio).toBe(true);
  });
});
