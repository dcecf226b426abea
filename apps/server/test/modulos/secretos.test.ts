import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/kernel/db/client.js';
import { secretosAlArrancar } from '../../src/modules/secretos/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The instance's secrets alone: they take only the kernel's database, configuration and log (no
 * other module), and every loader on one database reads the same values.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('dos instancias sobre la misma base leen las mismas claves, creadas una sola vez', async () => {
  const una = await secretosAlArrancar(b.nucleo);
  const otra = await secretosAlArrancar(b.nucleo);
  try {
    expect(Buffer.from(una.vapid().publicKey, 'base64url')).toHaveLength(65);
    expect(una.claveEnlaces()).toHaveLength(32);
    expect(otra.vapid()).toEqual(una.vapid());
    expect(otra.claveEnlaces().equals(una.claveEnlaces())).toBe(true);
  } finally {
    una.detener();
    otra.detener();
  }
});

it('con la base caída al arrancar, cada lectura falla con ese error y las claves llegan al volver la base', async () => {
  let caida = true;
  const real = b.nucleo.db;
  // The database handle as the module sees it: while «caida», every call of the query builder throws.
  const db = new Proxy(real, {
    get(target, prop, receiver) {
      if (caida) throw new Error('base caída');
      return Reflect.get(target, prop, receiver) as unknown;
    },
  }) as Db;
  const secretos = await secretosAlArrancar({ ...b.nucleo, db }, 20);
  try {
    expect(() => secretos.vapid()).toThrow('base caída');
    caida = false;
    await expect.poll(() => secretos.claveEnlaces().length, { timeout: 5_000 }).toBe(32);
    const ya = await secretosAlArrancar(b.nucleo);
    expect(secretos.vapid()).toEqual(ya.vapid());
    ya.detener();
  } finally {
    secretos.detener();
  }
});
