import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { hashSecret } from '../src/modules/identity/password.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, md5, PASSWORD, type TestEnv } from './helpers.js';

/**
 * Issue 28, item 5: a flood of wrong logins (many accounts, many addresses) must not make the
 * fresh login of a user whose account is not under attack wait behind it. The app trusts
 * X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), so each request says which client it comes from.
 */
const DIRECCIONES = 40;
const POR_DIRECCION = 25;
const CUENTAS_REALES = 30;

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv({ config: testConfig({ trustProxy: ['127.0.0.1'] }) });
  const db = env.database.db;
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now: env.clock.now() });
  // One hash for every account: the set-up does not need 30 argon2 runs.
  const passwordHash = await hashSecret(md5(PASSWORD));
  for (let i = 0; i < CUENTAS_REALES; i++) {
    await makeUsuario(db, { entidadId: demo, usuario: `blanco${i}`, nombre: `Blanco ${i}`, passwordHash });
  }
  await makeUsuario(db, { entidadId: demo, usuario: 'fresca', nombre: 'Fresca', passwordHash });
  await makeUsuario(db, { entidadId: demo, usuario: 'tranquila', nombre: 'Tranquila', passwordHash });
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const login = (usuario: string, password: string, desde: string) =>
  env.app.inject({
    method: 'GET',
    url: '/api/v4/login',
    headers: { ...auth(usuario, password), 'x-forwarded-for': desde },
  });

describe('inundación de ingresos fallidos', () => {
  it('el ingreso correcto de una cuenta no atacada, desde una dirección limpia, no espera detrás de la inundación', async () => {
    // The same login without a flood, for the figures.
    let desde = performance.now();
    expect((await login('tranquila', PASSWORD, '198.51.100.8')).statusCode).toBe(200);
    const sinInundacion = performance.now() - desde;

    const estados: number[] = [];
    const inundacion: Promise<void>[] = [];
    // 1,000 wrong passwords at once: 40 addresses, each walking 25 accounts (real and unknown).
    for (let d = 0; d < DIRECCIONES; d++) {
      for (let i = 0; i < POR_DIRECCION; i++) {
        const n = d * POR_DIRECCION + i;
        const usuario = n % 2 === 0 ? `blanco${n % CUENTAS_REALES}` : `inventado${n % 97}`;
        inundacion.push(login(usuario, `mala${n}`, `203.0.113.${d + 1}`).then((r) => void estados.push(r.statusCode)));
      }
    }
    // The flood is under way: its first wave (one clean attempt per address, which nothing tells
    // apart from a real user's first login) has been answered, the rest is queued.
    while (estados.length < 2 * DIRECCIONES) await new Promise((r) => setTimeout(r, 5));
    desde = performance.now();
    const fresca = await login('fresca', PASSWORD, '198.51.100.7');
    const ms = performance.now() - desde;
    const pendientes = DIRECCIONES * POR_DIRECCION - estados.length;
    await Promise.all(inundacion);
    console.log(
      `ingreso fresco: ${ms.toFixed(0)} ms con ${pendientes} intentos fallidos aún en curso ` +
        `(sin inundación: ${sinInundacion.toFixed(0)} ms)`,
    );
    expect(fresca.statusCode).toBe(200);
    expect(ms).toBeLessThan(1000);
    // The flood was real: it was still running when the fresh login answered.
    expect(pendientes).toBeGreaterThan(500);
    expect(estados.filter((s) => s === 403).length).toBeGreaterThan(100);
    expect(estados.every((s) => s === 403 || s === 429)).toBe(true);
  }, 120_000);
});
