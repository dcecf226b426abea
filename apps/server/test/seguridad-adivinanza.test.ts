import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, PASSWORD, type TestEnv } from './helpers.js';

/**
 * Issue 28, item 5: guessing one account's password from many addresses is bounded per account,
 * without locking the real user out; an IPv6 client counts by its /64 in every per-address limit.
 * The app trusts X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), so each request says which client
 * address it comes from, as a proxy in front would.
 */
const CASA = '198.51.100.20';
const LIMPIA = '198.51.100.7';

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv({
    config: testConfig({ trustProxy: ['127.0.0.1'] }),
    limitesClientePublico: { resumenDireccion: { max: 3, ventanaMs: 60_000 } },
  });
  const db = env.database.db;
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now: env.clock.now() });
  for (const usuario of ['victima', 'victima6', 'otro6'])
    await makeUsuario(db, { entidadId: demo, usuario, nombre: usuario });
});
afterAll(async () => {
  await env?.close();
});

const login = (usuario: string, password: string, desde: string) =>
  env.app.inject({
    method: 'GET',
    url: '/api/v4/login',
    headers: { ...auth(usuario, password), 'x-forwarded-for': desde },
  });

describe('adivinanza repartida en muchas direcciones', () => {
  it('400 claves malas desde 100 direcciones: la cuenta verifica a lo sumo su límite más una por dirección, y el usuario entra', async () => {
    expect((await login('victima', PASSWORD, CASA)).statusCode).toBe(200);
    const estados: number[] = [];
    // Four rounds, each sent from the 100 addresses at once.
    for (let ronda = 0; ronda < 4; ronda++) {
      const respuestas = await Promise.all(
        Array.from({ length: 100 }, (_, a) => login('victima', `mala${ronda}-${a}`, `192.0.2.${a + 1}`)),
      );
      estados.push(...respuestas.map((r) => r.statusCode));
    }
    const verificadas = estados.filter((s) => s === 403).length;
    // Before: every one of the 400 was checked (5 per address were allowed).
    expect(verificadas).toBeLessThanOrEqual(20 + 100);
    expect(estados.filter((s) => s === 429).length).toBe(400 - verificadas);
    // The real user gets in from an address that never failed for the account...
    expect((await login('victima', PASSWORD, LIMPIA)).statusCode).toBe(200);
    // ...and from home after a typo there: home logged in to the account lately.
    expect((await login('victima', 'tecleo-mal', CASA)).statusCode).toBe(403);
    expect((await login('victima', PASSWORD, CASA)).statusCode).toBe(200);
  }, 120_000);
});

describe('IPv6 por /64', () => {
  it('el freno de ingresos cuenta todas las direcciones de un /64 como una', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('victima6', `mala${i}`, `2001:db8:6:1::${i + 1}`)).statusCode).toBe(403);
    }
    // Another address of the same /64 is the same client: refused even with the right password.
    expect((await login('victima6', PASSWORD, '2001:db8:6:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await login('victima6', PASSWORD, '2001:db8:6:2::1')).statusCode).toBe(200);
  });

  it('una dirección /64 que recorre usuarios queda frenada entera', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await login(`nadie${i}`, 'mala', `2001:db8:7:1:${i.toString(16)}::1`)).statusCode).toBe(403);
    }
    expect((await login('otro6', PASSWORD, '2001:db8:7:1:abcd::1')).statusCode).toBe(429);
    expect((await login('otro6', PASSWORD, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('los límites de las llamadas públicas también cuentan por /64', async () => {
    const resumen = (desde: string) =>
      env.app.inject({
        method: 'GET',
        url: '/api/v2/ordersummary?k=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        headers: { 'x-forwarded-for': desde },
      });
    for (let i = 0; i < 3; i++) expect((await resumen(`2001:db8:8:1::${i + 1}`)).statusCode).toBe(404);
    expect((await resumen('2001:db8:8:1:9::9')).statusCode).toBe(429);
    expect((await resumen('2001:db8:8:2::1')).statusCode).toBe(404);
  });
});
