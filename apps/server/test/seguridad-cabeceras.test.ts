import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { testConfig } from '../src/config.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Security headers on every response (issue 10) and how the web build is served: precompressed
 * files, HEAD on the app's pages. The web build is a small fake one in a temporary folder.
 */

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('Delego '.repeat(400))});\n`;

let env: TestEnv;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'delego-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'visor-pdf.html'), '<!doctype html><p>Generando el PDF…</p>');
  const js = path.join(webDist, 'assets', 'app-abc123.js');
  await writeFile(js, SCRIPT);
  await writeFile(`${js}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${js}.gz`, gzipSync(SCRIPT));
  env = await createTestEnv({ config: testConfig({ webDist }) });
  const entidadId = await makeEntidad(env.database.db, { nombre: 'Cabeceras SA', plan: 'Pyme', now: env.clock.now() });
  await makeUsuario(env.database.db, { entidadId, usuario: 'cabeceras', nombre: 'Ceci' });
});

afterAll(async () => {
  await env?.close();
  await rm(webDist, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directivas(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, 'Content-Security-Policy').toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((partes) => partes[0])
      .map(([nombre, ...valores]) => [nombre as string, valores]),
  );
}

function cabecerasDeSeguridad(res: LightMyRequestResponse): void {
  const csp = directivas(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('the PDF viewer tab has a policy of its own: plugins from blob: only, nothing runs', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/visor-pdf.html' });
    expect(res.statusCode).toBe(200);
    const csp = directivas(res);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(['blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Only that page: the app's own pages keep object-src 'none'.
    cabecerasDeSeguridad(await env.app.inject({ method: 'GET', url: '/visor-pdf.html.x' }));
  });

  it('an API answer carries them, a success and an error alike', async () => {
    const ok = await env.app.inject({ method: 'GET', url: '/api/v2/plan/estado', headers: auth('cabeceras') });
    expect(ok.statusCode).toBe(200);
    cabecerasDeSeguridad(ok);

    const sinSesion = await env.app.inject({ method: 'GET', url: '/api/v2/plan/estado' });
    expect(sinSesion.statusCode).toBe(401);
    cabecerasDeSeguridad(sinSesion);

    const noExiste = await env.app.inject({ method: 'GET', url: '/api/v2/no-existe' });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json()).toMatchObject({ code: 'NO_ENCONTRADO' });
    cabecerasDeSeguridad(noExiste);
  });

  it('index.html (any page of the app) and a static asset carry them', async () => {
    const pagina = await env.app.inject({ method: 'GET', url: '/areas' });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['content-type']).toMatch(/^text\/html/);
    expect(pagina.body).toBe(INDEX);
    cabecerasDeSeguridad(pagina);

    const script = await env.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.statusCode).toBe(200);
    cabecerasDeSeguridad(script);
  });

  it('the documentation at /docs carries a policy too', async () => {
    const docs = await env.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui-bundle.js');
    expect(directivas(docs).get('script-src')).toEqual(["'self'"]);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('serving the web build', () => {
  it.each(['/', '/login', '/home'])('HEAD %s answers 200 like GET, without a body', async (url) => {
    const head = await env.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
    cabecerasDeSeguridad(head);
  });

  it('HEAD of an unknown API path is still a 404', async () => {
    const head = await env.app.inject({ method: 'HEAD', url: '/api/v2/no-existe' });
    expect(head.statusCode).toBe(404);
  });

  it('sends the brotli copy of a script to a browser that accepts br, with Vary: Accept-Encoding', async () => {
    const res = await env.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('sends the gzip copy when br is not accepted, and the file itself when nothing is', async () => {
    const gz = await env.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plano = await env.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(String(plano.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plano.body).toBe(SCRIPT);
  });
});
