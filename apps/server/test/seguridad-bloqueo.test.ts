import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES, mensajeDemasiadosIntentos } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, PASSWORD, type TestEnv } from './helpers.js';
import { connectFrame, listen, stompConnect } from './live-helpers.js';

/**
 * Issue 10, item 2: failed logins brake the address that fails, never the user everywhere.
 * The app trusts X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), so each request says which client
 * address it comes from, as a proxy in front would.
 */
const ATACANTE = '203.0.113.66';
const LIMPIA = '198.51.100.7';

let env: TestEnv;
let url: string;
/** The same database served without TRUST_PROXY. */
let sinProxy: FastifyInstance;

beforeAll(async () => {
  env = await createTestEnv({ config: testConfig({ trustProxy: ['127.0.0.1'] }) });
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  for (const usuario of ['victima', 'victima2', 'victima3']) {
    await makeUsuario(db, { entidadId: demo, usuario, nombre: usuario });
  }
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  url = await listen(env.app);
  sinProxy = await buildApp({ config: testConfig(), database: env.database, clock: env.clock, push: null });
  await sinProxy.ready();
});
afterAll(async () => {
  await sinProxy?.close();
  await env?.close();
});

const login = (usuario: string, password: string, desde: string, app: FastifyInstance = env.app) =>
  app.inject({
    method: 'GET',
    url: '/api/v4/login',
    headers: { ...auth(usuario, password), 'x-forwarded-for': desde },
  });

/** The first frame the server answers to a STOMP CONNECT sent through the proxy for `desde`. */
async function primerFrame(desde: string, usuario: string): Promise<string> {
  const ws = new WebSocket(url, ['v12.stomp'], { headers: { 'x-forwarded-for': desde } });
  const respuesta = new Promise<string>((resolve) => {
    ws.once('message', (d) => resolve(d.toString()));
    ws.once('close', () => resolve('(cerrado sin respuesta)'));
  });
  await once(ws, 'open');
  ws.send(connectFrame(usuario));
  const frame = await respuesta;
  ws.terminate();
  return frame;
}

describe('intentos fallidos', () => {
  it('una dirección que prueba muchos usuarios queda frenada; un usuario de otra empresa entra desde la suya', async () => {
    const recorre = '203.0.113.99';
    for (let i = 0; i < 30; i++) {
      expect((await login(`nadie${i}`, 'mala', recorre)).statusCode).toBe(403);
    }
    const frenada = await login('otra', PASSWORD, recorre);
    expect(frenada.statusCode).toBe(429);
    expect(Number(frenada.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('otra', PASSWORD, LIMPIA)).statusCode).toBe(200);
  });

  it('el atacante recibe 429 con Retry-After y la espera en el mensaje; el usuario entra desde otra dirección', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('victima', `mala${i}`, ATACANTE)).statusCode).toBe(403);
    }
    // Even the right password is refused from the address that failed...
    const frenado = await login('victima', PASSWORD, ATACANTE);
    expect(frenado.statusCode).toBe(429);
    const espera = Number(frenado.headers['retry-after']);
    expect(espera).toBeGreaterThan(14 * 60);
    expect(espera).toBeLessThanOrEqual(15 * 60);
    expect(frenado.json().message).toBe('Demasiados intentos fallidos. Espere 15 minutos y vuelva a intentar.');
    expect(frenado.json().message).toBe(mensajeDemasiadosIntentos(espera));
    // ...and from any other address it gets in.
    const ok = await login('victima', PASSWORD, LIMPIA);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario).toBe('victima');
    // The header is now in the credential cache: the attacker's address is still refused, or a
    // correct guess would show as a 200 among its 429s.
    expect((await login('victima', PASSWORD, ATACANTE)).statusCode).toBe(429);
  });

  it('en el canal en vivo, CONNECT desde una dirección sin fallos entra; desde la del atacante, ERROR con la espera', async () => {
    const cliente = await stompConnect(url, 'victima');
    expect(cliente.client.connected).toBe(true);
    await cliente.stop();
    expect(await primerFrame(LIMPIA, 'victima')).toMatch(/^CONNECTED\n/);
    expect(await primerFrame(ATACANTE, 'victima')).toMatch(/^ERROR\n[\s\S]*Espere 15 minutos y vuelva a intentar/);
  });

  it('un usuario atacado desde muchas direcciones solo se demora: desde una dirección sin fallos entra', async () => {
    for (let a = 0; a < 6; a++) {
      for (let i = 0; i < 2; i++) {
        expect((await login('victima2', `mala${a}${i}`, `192.0.2.${a + 1}`)).statusCode).toBe(403);
      }
    }
    const veredicto = await env.puertos().identity.throttle.check('victima2', LIMPIA);
    expect(veredicto.retryAfterS).toBe(0);
    expect(veredicto.delayMs).toBeGreaterThan(0);
    expect((await login('victima2', PASSWORD, LIMPIA)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('sin TRUST_PROXY, X-Forwarded-For no cuenta: los fallos son de la dirección del socket', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('victima3', `mala${i}`, `192.0.2.${100 + i}`, sinProxy)).statusCode).toBe(403);
    }
    // A new X-Forwarded-For does not make a new address...
    expect((await login('victima3', PASSWORD, LIMPIA, sinProxy)).statusCode).toBe(429);
    // ...a new socket address does.
    const otroSocket = await sinProxy.inject({
      method: 'GET',
      url: '/api/v4/login',
      headers: auth('victima3'),
      remoteAddress: '192.0.2.200',
    });
    expect(otroSocket.statusCode).toBe(200);
  });
});
