import { expect, it } from 'vitest';
import { LocalBus } from '../src/kernel/bus.js';
import { createTestEnv } from './helpers.js';

/**
 * `app.close()` stops the modules' workers, then the bus, and only then what the caller opened
 * (boot.ts: the database). Fastify runs onClose hooks last-registered first: a database closed by a
 * hook added after buildApp ran first, and pulled the pool from under the scheduler's tick (a CI run
 * ended with pg-boss's «Cannot use a pool after calling end on the pool» and exit code 1).
 */
it('al cerrar, la base se cierra después del programador y del bus', async () => {
  const orden: string[] = [];
  class BusQueAnota extends LocalBus {
    override async close(): Promise<void> {
      orden.push('bus');
      await super.close();
    }
  }
  const env = await createTestEnv({
    bus: new BusQueAnota(),
    ejecutorMantenimiento: () => ({
      iniciar: async () => undefined,
      despertar: () => undefined,
      detener: async () => {
        await new Promise((r) => setTimeout(r, 20));
        orden.push('programador');
      },
    }),
    cerrarAlFinal: async () => {
      orden.push('base');
    },
  });
  await env.close();
  expect(orden).toEqual(['programador', 'bus', 'base']);
});
