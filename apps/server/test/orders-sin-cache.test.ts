import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdenDetalle } from '@delego/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { fixture, type Fixture } from './files-fixture.js';
import { auth } from './helpers.js';

/**
 * With LIST_CACHE_MS=0 the list and the detail send the text their route wrote, without keeping it
 * as bytes (issue 37): the answers must be exactly those of a server that keeps them.
 */
let f: Fixture;
let sinCache: FastifyInstance;
const ids: number[] = [];

beforeAll(async () => {
  f = await fixture();
  const env = f.env;
  for (const titulo of ['Caldera «sótano» 1', 'Aire acondicionado — piso 2', 'Tablero eléctrico']) {
    const r = await env.app.inject({
      method: 'POST',
      url: '/api/v2/ordenes/save',
      headers: auth('admin'),
      payload: {
        titulo,
        detalle: 'Revisión ñandú',
        cliente: f.cli[0],
        responsable: [f.u.operario],
        tipoOrden: f.cat.tipos[0],
        area: f.cat.areas[0],
      },
    });
    expect(r.statusCode).toBe(200);
    ids.push((r.json() as OrdenDetalle).id);
  }
  // A second server on the same database with the caches of pages and details off.
  sinCache = await buildApp({
    config: testConfig({ listCacheMs: 0 }),
    database: f.env.database,
    clock: f.env.clock,
    push: null,
  });
  await sinCache.ready();
});
afterAll(async () => {
  await sinCache?.close();
  await f?.close();
});

const pedir = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: auth('admin'), ...(payload ? { payload } : {}) });

describe('sin caché de páginas ni de detalles (LIST_CACHE_MS=0)', () => {
  it('la lista, la lista simple y el detalle responden los mismos bytes y cabeceras que con caché', async () => {
    const casos: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['POST', '/api/v4/ordenes/all/filtered', { porPagina: 25 }],
      ['POST', '/api/v4/ordenes/all/filtered', { buscar: 'caldera', porPagina: 10 }],
      ['POST', '/api/v4/ordenes/all/filtered', { porPagina: 1, pagina: 1 }],
      ['POST', '/api/v2/ordenes/all/filtered', { estados: [1, 2, 3] }],
      ['GET', `/api/v3/ordenDTO/${ids[0]}`],
    ];
    for (const [method, url, payload] of casos) {
      const conCache = await pedir(f.env.app, method, url, payload);
      const sin = await pedir(sinCache, method, url, payload);
      expect(sin.statusCode).toBe(200);
      expect(sin.body).toBe(conCache.body);
      expect(sin.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(sin.headers['content-type']).toBe(conCache.headers['content-type']);
      expect(sin.headers['content-length']).toBe(String(Buffer.byteLength(sin.body)));
      expect(sin.headers['content-length']).toBe(conCache.headers['content-length']);
    }
    // The multi-byte names are there, and counted in bytes.
    expect((await pedir(sinCache, 'GET', `/api/v3/ordenDTO/${ids[1]}`)).body).toContain('Clínica San Martín');
  });
});
