import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EjecutorPgBoss } from '../src/kernel/ejecutor.js';
import { basePgNueva } from './helpers.js';

/**
 * The pg-boss runner's stop (docs/MANTENIMIENTO.md): once `detener` resolves, nothing of pg-boss
 * touches the pool again, so the app may end it. pg-boss's own stop leaves a worker's fetch in
 * flight; its answer used to run the job and complete it on an ended pool (an unhandled rejection
 * in CI). Each round stops at a different moment of the worker's first fetch.
 */
let base: Awaited<ReturnType<typeof basePgNueva>>;
const rechazos: unknown[] = [];
const alRechazo = (err: unknown) => rechazos.push(err);

beforeAll(async () => {
  base = await basePgNueva();
  process.on('unhandledRejection', alRechazo);
});

afterAll(async () => {
  process.off('unhandledRejection', alRechazo);
  await base?.drop();
});

it('PostgreSQL: tras detener, pg-boss no usa más el pool, pare en el momento que pare', async () => {
  const errores: unknown[] = [];
  const log = { error: (o: unknown) => errores.push(o), warn: (o: unknown) => errores.push(o) };
  let ticks = 0;
  // Rounds 0 to 11 stop 0 to 11 ms after the start: before, during and after the worker's first
  // fetch. The last round first waits for a tick: the runner works, it is not merely silent.
  for (let ronda = 0; ronda <= 12; ronda++) {
    const pool = new pg.Pool({ connectionString: base.url, max: 4 });
    const ejecutor = new EjecutorPgBoss(pool, async () => void ticks++, log);
    await ejecutor.iniciar();
    ejecutor.despertar();
    if (ronda < 12) await new Promise((r) => setTimeout(r, ronda));
    else for (let ms = 0; ticks === 0 && ms < 15_000; ms += 50) await new Promise((r) => setTimeout(r, 50));
    await ejecutor.detener();
    await pool.end();
    // Whatever was left would fail within a few event-loop turns.
    await new Promise((r) => setTimeout(r, 30));
  }
  expect(rechazos).toEqual([]);
  expect(errores).toEqual([]);
  expect(ticks).toBeGreaterThan(0);
}, 120_000);
