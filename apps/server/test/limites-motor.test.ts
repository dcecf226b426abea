import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './helpers.js';

/**
 * Issue 30, item 2: where the limits count follows the engine. On PGlite (one instance) they stay
 * in memory and the table `limites_compartidos` is never written; on PostgreSQL they count in it.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env?.close());

const filas = async () =>
  (await env.database.db.execute<{ n: number }>(sql`select count(*)::int as n from limites_compartidos`)).rows[0]?.n;

describe('dónde cuentan los límites', () => {
  it('PGlite en memoria, PostgreSQL en su tabla', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await env.app.inject({ method: 'GET', url: '/api/v2/recuperarPassword?username=alguien' });
      expect(r.statusCode).toBe(200);
    }
    if (env.database.kind === 'pglite') {
      expect(await filas()).toBe(0);
    } else {
      // The recovery's address and account keys and the general ceiling's, each counted twice.
      const ventanas = await env.database.db.execute<{ clave: string; usadas: number }>(
        sql`select clave, usadas from limites_compartidos order by clave`,
      );
      expect(ventanas.rows.map((f) => [f.clave.split(':')[0], f.usadas])).toEqual([
        ['recuperar', 2],
        ['recuperar', 2],
        ['techo', 2],
      ]);
    }
  });
});
