/**
 * The contract's route table (`RUTAS`) and the routes the server registers are the same set:
 * a route on the server that the table lacks, or a route of the table the server does not have,
 * fails here. Each registered route also carries the table's own schemas (not a copy).
 * Left out, by name: HEAD twins (Fastify adds one per GET), the OpenAPI UI under /docs, and the
 * files of the built web that @fastify/static registers one by one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TODAS_LAS_RUTAS, type DefRuta } from '@delego/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { createTestEnv, type TestEnv } from './helpers.js';

let env: TestEnv;
let webDist: string;
const registradas: RouteOptions[] = [];

/** A built web with a page and an asset, so the static routes exist and are left out by name. */
function webDePrueba(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Delego</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

const ARCHIVOS_WEB = ['/index.html', '/assets/app.js'];

function metodos(r: RouteOptions): string[] {
  return (Array.isArray(r.method) ? r.method : [r.method]).map(String);
}

function esDocs(url: string): boolean {
  return url === '/docs' || url.startsWith('/docs/');
}

/** `METHOD /path` of every registered route, without HEAD twins, /docs and the web's files. */
function delServidor(): string[] {
  const claves = new Set<string>();
  for (const r of registradas) {
    if (esDocs(r.url) || ARCHIVOS_WEB.includes(r.url)) continue;
    for (const m of metodos(r)) if (m !== 'HEAD') claves.add(`${m} ${r.url}`);
  }
  return [...claves].sort();
}

const clave = (r: DefRuta) => `${r.metodo} ${r.path}`;

beforeAll(async () => {
  webDist = webDePrueba();
  env = await createTestEnv({ config: testConfig({ webDist }), onRoute: (r) => registradas.push(r) });
});

afterAll(async () => {
  await env.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('tabla de rutas del contrato y rutas del servidor', () => {
  it('the left-out routes really are there (the filters hide something real)', () => {
    const urls = registradas.map((r) => r.url);
    for (const archivo of ARCHIVOS_WEB) expect(urls).toContain(archivo);
    expect(urls.some(esDocs)).toBe(true);
    expect(registradas.some((r) => metodos(r).includes('HEAD'))).toBe(true);
  });

  it('every route of the server is in the table', () => {
    const tabla = new Set(TODAS_LAS_RUTAS.map(clave));
    expect(delServidor().filter((k) => !tabla.has(k))).toEqual([]);
  });

  it('every route of the table is on the server', () => {
    const servidor = new Set(delServidor());
    expect(TODAS_LAS_RUTAS.map(clave).filter((k) => !servidor.has(k))).toEqual([]);
  });

  it('no two routes of the table share a method and path', () => {
    const claves = TODAS_LAS_RUTAS.map(clave);
    expect(claves.length).toBe(new Set(claves).size);
  });

  it('each route is registered with the schemas of the table', () => {
    const porClave = new Map<string, RouteOptions>();
    for (const r of registradas) for (const m of metodos(r)) porClave.set(`${m} ${r.url}`, r);
    for (const r of TODAS_LAS_RUTAS) {
      const schema = porClave.get(clave(r))?.schema as Record<string, unknown> | undefined;
      expect(schema, clave(r)).toBeDefined();
      expect(schema?.params, clave(r)).toBe(r.params);
      expect(schema?.querystring, clave(r)).toBe(r.querystring);
      expect(schema?.body, clave(r)).toBe(r.body);
      for (const [status, esquema] of Object.entries(r.response ?? {})) {
        expect((schema?.response as Record<string, unknown> | undefined)?.[status], `${clave(r)} ${status}`).toBe(
          esquema,
        );
      }
    }
  });

  it('the table marks the WebSocket route, and the server registers it as one', () => {
    const ws = TODAS_LAS_RUTAS.filter((r) => r.forma === 'websocket');
    expect(ws.map(clave)).toEqual(['GET /api/v2/delegoWS']);
    const registrada = registradas.find((r) => r.url === ws[0]?.path && metodos(r).includes('GET'));
    expect((registrada as { websocket?: boolean } | undefined)?.websocket).toBe(true);
  });
});
