import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBus } from '../src/kernel/pg-bus.js';

/**
 * The bus lag of /metrics (issue 30, item 5): each lot of events carries when its first event was
 * published, and the receiving instance reports the time to delivery; its own events never count.
 */
const url = process.env.TEST_DATABASE_URL as string;
const pools: pg.Pool[] = [];
const buses: PgBus[] = [];

async function bus(): Promise<PgBus> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  const b = new PgBus(url, pool);
  await b.start();
  buses.push(b);
  return b;
}

let emisor: PgBus;
let receptor: PgBus;

beforeAll(async () => {
  emisor = await bus();
  receptor = await bus();
});

afterAll(async () => {
  for (const b of buses) await b.close();
  for (const p of pools) await p.end();
});

describe('PgBus: demora del bus', () => {
  it('la otra instancia mide del publicar a la entrega; la que publica no mide lo suyo', async () => {
    const demorasReceptor: number[] = [];
    const demorasEmisor: number[] = [];
    receptor.onDemora((ms) => demorasReceptor.push(ms));
    emisor.onDemora((ms) => demorasEmisor.push(ms));
    const entidadId = 900_777;
    const llegado = new Promise<void>((resolve) => {
      const quitar = receptor.subscribe((e) => {
        if (e.entidadId !== entidadId) return;
        quitar();
        resolve();
      });
    });
    const antes = Date.now();
    emisor.publish({ type: 'plan.cambiado', entidadId });
    await llegado;
    const tope = Date.now() - antes;
    await new Promise((r) => setTimeout(r, 50));
    expect(demorasReceptor).toHaveLength(1);
    expect(demorasReceptor[0]).toBeGreaterThanOrEqual(0);
    expect(demorasReceptor[0]).toBeLessThanOrEqual(tope);
    expect(demorasEmisor).toEqual([]);
  });
});
