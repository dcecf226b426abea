import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/kernel/bus.js';
import { PgBus } from '../src/kernel/pg-bus.js';

/**
 * The events one instance publishes in a turn of the event loop reach the others in one NOTIFY
 * (issue 18): all of them, in order, split in lots under PostgreSQL's payload limit, and what is
 * pending when the bus closes still goes out.
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

/** The next `n` events of company `entidadId` that `b` delivers. */
function recibir(b: PgBus, entidadId: number, n: number): Promise<DomainEvent[]> {
  const vistos: DomainEvent[] = [];
  return new Promise((resolve) => {
    const quitar = b.subscribe((e) => {
      if (e.entidadId !== entidadId) return;
      vistos.push(e);
      if (vistos.length === n) {
        quitar();
        resolve(vistos);
      }
    });
  });
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

describe('PgBus: los eventos de un turno van juntos', () => {
  it('500 eventos publicados de una vez llegan todos y en orden a la otra instancia', async () => {
    const entidadId = 900_001;
    const llegan = recibir(receptor, entidadId, 500);
    const enviados: DomainEvent[] = Array.from({ length: 500 }, (_, i) => ({
      type: 'orden.creada',
      entidadId,
      ordenId: i + 1,
      usuarioId: 1,
    }));
    for (const e of enviados) emisor.publish(e);
    expect(await llegan).toEqual(enviados);
  });

  it('lo publicado justo antes de cerrar el bus también sale', async () => {
    const entidadId = 900_002;
    const llegan = recibir(receptor, entidadId, 3);
    const otro = await bus();
    const enviados: DomainEvent[] = [1, 2, 3].map((ordenId) => ({
      type: 'orden.creada',
      entidadId,
      ordenId,
      usuarioId: 1,
    }));
    for (const e of enviados) otro.publish(e);
    await otro.close();
    expect(await llegan).toEqual(enviados);
  });
});
