/**
 * Reliability fuzz (issue 10, item 11): every route of the app, taken from the app itself (onRoute),
 * gets requests derived from its contract schemas (Zod -> JSON Schema -> fast-check): valid-shaped
 * bodies with hostile strings, wrong types, missing and extra fields, non-object and huge bodies,
 * deeply nested JSON, bad ids in the path, bad query strings, and calls without credentials.
 *
 * Asserted for every case: no 5xx; a 4xx carries `{ code, message, requestId }`; and a refused
 * request (anything but 2xx) changes nothing: the fingerprint of every table and of the stored
 * files is the same before and after it. The seed is fixed (FUZZ_SEED overrides it); the counts
 * are printed at the end and recorded in docs/FIABILIDAD.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { testConfig } from '../src/config.js';
import { FsStorage } from '../src/modules/files/storage.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';
import { multipart } from './multipart.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_510);
/** Generated cases per route and kind (hostile bodies, wrong types, query strings). */
const RUNS = 12;
const BODY_LIMIT = 1024 * 1024;

/** Routes that cannot be fuzzed meaningfully over inject, with the reason. */
const SKIPPED: Record<string, string> = {
  'GET /api/v2/delegoWS':
    'upgrade a WebSocket (STOMP): inject no abre sockets; el canal en vivo tiene su propia prueba de tramas hostiles (live.test.ts)',
  'HEAD /api/v2/delegoWS': 'la misma ruta WebSocket',
};

type Json = unknown;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

interface Route {
  method: string;
  url: string;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
}

interface Case {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table usuarios; --",
  "' or '1'='1",
  '%00',
  '\\',
  '../../etc/passwd',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🔥🇦🇷',
  '\uFEFF\u200B\u00A0',
  '\r\n\t',
  '${jndi:ldap://x}{{7*7}}',
  ' ',
  '',
  'a'.repeat(100_000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const WRONG_VALUES: Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2_147_483_648,
  1e308,
  -9_007_199_254_740_992,
  '',
  'abc',
  '00001',
  '1e3',
  '\u0000',
  '\uD800',
  [],
  [null],
  {},
  { __proto: 1 },
  [[[[[]]]]],
];

const BAD_PARAMS = [
  '00001',
  '1e3',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1.5',
  ' 1',
  '0x10',
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80', // lone surrogate, UTF-8 encoded
  '%E0%A4%A', // broken percent-encoding
  '%',
  '%F0%9F%94%A5',
  'null',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '%3Cscript%3E',
  '..%2F..%2F',
];

const BAD_QUERIES = [
  'tsp=%00',
  'tsp=%ED%A0%80',
  'tsp=%E0%A4%A',
  'a=1&a=2&a=3',
  '__proto__[x]=1&constructor[prototype][y]=2',
  `x=${'a'.repeat(8000)}`,
  '&&&==&',
  'desde=1e3&hasta=-1',
  'inline=%00&eventos[]=1&archivos=%F0%9F%94%A5',
  'incluirArchivados=%00',
  'id=2147483648&usuario=abc',
];

// ---------------------------------------------------------------------------------------------
// JSON Schema (from the Zod contract) -> fast-check

function clampInt(n: number | undefined, fallback: number): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(-2_147_483_648, Math.min(8_640_000_000_000, n));
}

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

/** Values that fit the schema's shape; with `hostile`, strings come from the hostile set. */
function arbOf(s: JsonSchema, hostile: boolean, depth = 0): fc.Arbitrary<Json> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts && alts.length > 0) return fc.oneof(...alts.map((a) => arbOf(a, hostile, depth)));
  if (s.allOf?.[0]) return arbOf(s.allOf[0], hostile, depth);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((t) => arbOf({ ...s, type: t }, hostile, depth)));
  switch (types[0]) {
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<Json>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = arbOf(v, hostile, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) }) as fc.Arbitrary<Json>;
    }
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? 4, min + 4);
      return fc.array(s.items ? arbOf(s.items, hostile, depth + 1) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: min,
        maxLength: max,
      });
    }
    case 'string': {
      if (hostile) return hostileString;
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      if (s.format === 'email') return fc.emailAddress();
      const min = s.minLength ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 30, 30)) });
    }
    case 'integer': {
      const min = clampInt(s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum, -1000);
      const max = clampInt(s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : s.maximum, 1_000_000);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 3 });
  }
}

/** The dotted paths of every value inside a sample (to replace one of them with a wrong type). */
function pathsOf(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...prefix, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...prefix, k]));
  return out;
}

function setAt(v: Json, p: (string | number)[], value: Json): Json {
  if (p.length === 0) return value;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as Record<string, Json>) }) as Record<string | number, Json>;
  const [head, ...rest] = p as [string | number, ...(string | number)[]];
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** Percent-encoding that also carries lone surrogates (as their 3-byte form, which is not UTF-8). */
const pct = (s: string) =>
  [...s]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length > 1 || c < 0xd800 || c > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

const sample = <T>(arb: fc.Arbitrary<T>, seed: number, numRuns = RUNS): T[] => fc.sample(arb, { seed, numRuns });

// ---------------------------------------------------------------------------------------------
// Did anything change? Every row written in any table bumps a counter (a trigger added by this
// test; a rolled-back write rolls the counter back too). When it moved, a fingerprint of every table
// (md5 of all rows) tells a real change from a write of the same values. Stored files are listed.

let fingerprintSql = '';
async function cambios(env: TestEnv): Promise<number> {
  const { rows } = await env.database.db.execute<{ n: number }>(sql`select n::int as n from fuzz_cambios`);
  return rows[0]!.n;
}
async function fingerprint(env: TestEnv): Promise<string> {
  const { rows } = await env.database.db.execute<{ h: string }>(sql.raw(fingerprintSql));
  return rows[0]!.h;
}
function storedFiles(dir: string): string {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.push(`${p}:${fs.statSync(p).size}`);
    }
  };
  walk(dir);
  return files.sort().join('\n');
}

// ---------------------------------------------------------------------------------------------

let env: TestEnv;
let dir: string;
const routes: RouteOptions[] = [];
let ownerHeader: Record<string, string>;
let owners = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-fuzz-'));
  env = await createTestEnv({
    config: testConfig({ dataDir: dir, webDist: path.join(dir, 'sin-web'), maxFileMb: 0.05 }),
    storage: new FsStorage(path.join(dir, 'archivos')),
    onRoute: (r) => routes.push(r),
    // The public routes' ceiling out of reach: every case reaches validation and the handler.
    techoPublico: { max: 1_000_000_000, ventanaMs: 60_000 },
    // No fold of the statistics rollup in the background: it moves rows between two tables (the
    // same figures) on its own clock, and the fingerprint below would blame the call that ran then.
    plegarResumenCadaMs: null,
  });
  fs.mkdirSync(path.join(dir, 'archivos'), { recursive: true });
  const db = env.database.db;
  const now = env.clock.now();
  // An unlimited plan, so that accepted creations never run out of quota midway.
  const empresa = await makeEntidad(db, { nombre: 'Fuzz S.A.', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra S.R.L.', plan: 'Pyme', now });
  const [cliente] = await makeClientes(db, empresa, [{ nombre: 'Cliente Uno' }, { nombre: 'Cliente Dos' }]);
  await makeClientes(db, otra, [{ nombre: 'Ajeno' }]);
  const cat = await makeCatalogo(db, empresa, { areas: ['Electricidad'], tipos: ['Correctivo'] });
  await makeUsuario(db, {
    entidadId: empresa,
    usuario: 'propietario',
    nombre: 'Laura',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  const operario = await makeUsuario(db, {
    entidadId: empresa,
    usuario: 'operario',
    nombre: 'Diego',
    roles: ['OPERARIO'],
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  ownerHeader = auth('propietario');
  ids.cliente = cliente!;
  ids.operario = operario;
  ids.tipo = cat.tipos[0]!;
  ids.area = cat.areas[0]!;
  const orden = await env.app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save',
    headers: ownerHeader,
    payload: { titulo: 'Orden base', cliente, responsable: [operario], tipoOrden: ids.tipo, area: ids.area },
  });
  expect(orden.statusCode, orden.body).toBe(200);
  ids.orden = (orden.json() as { id: number }).id;
  const subida = multipart([{ name: 'archivos', filename: 'nota.txt', content: 'hola', type: 'text/plain' }]);
  const archivo = await env.app.inject({
    method: 'POST',
    url: `/api/v2/archivos/${ids.orden}/add`,
    headers: { ...ownerHeader, ...subida.headers },
    payload: subida.payload,
  });
  expect(archivo.statusCode, archivo.body).toBe(200);
  ids.archivo = (archivo.json() as { id: number }[])[0]!.id;

  // Every table but the limits' counters (lib/limites-pg.ts): a refused call counts against the
  // public routes' ceiling by design, and that is no data.
  const { rows } = await db.execute<{ t: string }>(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'limites_compartidos' order by 1`,
  );
  expect(rows.length).toBeGreaterThan(5);
  const quoted = rows.map(({ t }) => `"${t.replace(/"/g, '""')}"`);
  fingerprintSql = `select md5(concat_ws(',', ${quoted
    .map((t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x)`)
    .join(', ')})) as h`;
  await db.execute(sql.raw('create table fuzz_cambios (n bigint not null)'));
  await db.execute(sql.raw('insert into fuzz_cambios values (0)'));
  await db.execute(
    sql.raw(
      'create function fuzz_contar() returns trigger language plpgsql as $$ begin update fuzz_cambios set n = n + 1; return null; end $$',
    ),
  );
  for (const t of quoted) {
    await db.execute(
      sql.raw(
        `create trigger fuzz_contar after insert or update or delete on ${t} for each row execute function fuzz_contar()`,
      ),
    );
  }
  // The detector detects: a write moves the counter, a real change moves the fingerprint.
  const [n0, h0] = [await cambios(env), await fingerprint(env)];
  await db.execute(sql`update usuarios set nombre = nombre where id = ${operario}`);
  expect([await cambios(env), await fingerprint(env)]).toEqual([n0 + 1, h0]);
  await db.execute(sql`update usuarios set nombre = 'Diego!' where id = ${operario}`);
  expect(await fingerprint(env)).not.toBe(h0);
  await db.execute(sql`update usuarios set nombre = 'Diego' where id = ${operario}`);
}, 120_000);

afterAll(async () => {
  await env?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A valid value for a path parameter, so that one bad parameter is the only fault. */
function validParam(url: string, name: string): string {
  if (name === '*') return 'index.html';
  if (name === 'kind') return 'fin';
  if (name === 'flag') return 'true';
  if (name === 'deviceToken') return 'token-de-prueba';
  if (name === 'texto') return 'lau';
  if (name === 'cliente') return String(ids.cliente);
  if (name === 'usuario') return String(ids.operario);
  if (name === 'typeId') return String(ids.tipo);
  if (name === 'areaId') return String(ids.area);
  if (name === 'archivoId') return String(ids.archivo);
  if (name === 'id' && url.startsWith('/api/v4/usuario/')) return String(ids.operario);
  if (name === 'id' && url.startsWith('/api/v2/tipoOrden/')) return String(ids.tipo);
  if (name === 'id' && url.startsWith('/api/v3/areas/')) return String(ids.area);
  return String(ids.orden);
}

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)|(\*)/g)].map((m) => m[1] ?? '*');

function fillUrl(url: string, override: Record<string, string> = {}): string {
  let out = url;
  for (const name of paramNames(url)) {
    const value = override[name] ?? pct(validParam(url, name));
    out = name === '*' ? out.replace('*', value) : out.replace(`:${name}`, value);
  }
  return out;
}

const jsonHeaders = { 'content-type': 'application/json' };
const hasBody = (m: string) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE';

/** Every case of one route, as the owner of the company. */
function casesOf(r: Route, seed: number): Case[] {
  const out: Case[] = [];
  const add = (kind: string, url: string, payload?: Json | Buffer, headers: Record<string, string> = {}) => {
    const raw =
      payload === undefined || Buffer.isBuffer(payload) || typeof payload === 'string'
        ? payload
        : JSON.stringify(payload);
    out.push({
      kind,
      method: r.method,
      url,
      headers: { ...ownerHeader, ...(raw !== undefined ? jsonHeaders : {}), ...headers },
      ...(raw !== undefined ? { payload: raw as string | Buffer } : {}),
    });
  };
  const base = fillUrl(r.url);
  const names = paramNames(r.url);

  // HEAD runs the GET handler: a sample of the GET cases is enough.
  const head = r.method === 'HEAD';
  // Path parameters: one bad value at a time, the others valid.
  for (const name of names) {
    for (const bad of head ? BAD_PARAMS.filter((_, i) => i % 3 === 0) : BAD_PARAMS)
      add('parametro', fillUrl(r.url, { [name]: bad }));
  }

  // Query strings: a fixed set, and values from the route's own query schema with wrong types.
  for (const q of head ? BAD_QUERIES.slice(0, 3) : BAD_QUERIES) add('query', `${base}?${q}`);
  if (r.querystring?.properties && !head) {
    const keys = Object.keys(r.querystring.properties);
    const wrong = sample(
      fc.record({
        key: fc.constantFrom(...keys),
        value: fc.constantFrom(...WRONG_VALUES.map(String), ...HOSTILE_STRINGS.slice(0, -1)),
      }),
      seed + 1,
    );
    for (const w of wrong) add('query', `${base}?${pct(w.key)}=${pct(w.value)}`);
  }

  if (!hasBody(r.method)) return out;
  const schema: JsonSchema = r.body ?? { type: 'object', properties: {} };

  // Valid-shaped bodies whose strings are hostile.
  for (const b of sample(arbOf(schema, true), seed + 2)) add('cuerpo-hostil', base, b);
  // A valid-shaped body with one value (at any depth) of a wrong type.
  const valid = sample(arbOf(schema, false), seed + 3, RUNS * 2);
  const pick = sample(fc.tuple(fc.nat(), fc.constantFrom(...WRONG_VALUES)), seed + 4, valid.length);
  valid.forEach((v, i) => {
    const paths = pathsOf(v);
    const [n, wrong] = pick[i]!;
    add('tipo-incorrecto', base, paths.length > 0 ? setAt(v, paths[n % paths.length]!, wrong) : wrong);
  });
  // Each required field missing.
  const first = (valid[0] ?? {}) as Record<string, Json>;
  for (const key of schema.required ?? []) {
    const { [key]: _omit, ...rest } = first;
    add('falta-campo', base, rest);
  }
  // Extra fields, prototype pollution included (refused by the JSON parser).
  add('campo-extra', base, { ...first, zzExtra: 'x', [HOSTILE_STRINGS[1]!]: 1 });
  add('campo-extra', base, `{"__proto__":{"admin":true},${JSON.stringify(first).slice(1)}`);
  add('campo-extra', base, `{"constructor":{"prototype":{"admin":true}}}`);
  // Not an object at all.
  for (const b of [null, [], 'texto', 0, true, [first]]) add('no-objeto', base, b);
  // Raw bodies: invalid JSON, wrong or missing content type, empty.
  add('json-invalido', base, '{"titulo": "sin cerrar"');
  add('json-invalido', base, '\u0000');
  add('json-invalido', base, '');
  add('json-invalido', base, '{"a":1}{"b":2}');
  add('tipo-de-contenido', base, 'titulo=x', { 'content-type': 'application/x-www-form-urlencoded' });
  add('tipo-de-contenido', base, '<xml/>', { 'content-type': 'text/xml' });
  add('tipo-de-contenido', base, JSON.stringify(first), { 'content-type': 'application/json; charset=latin1' });
  // Multipart where JSON is expected, and a broken multipart.
  const mp = multipart([
    { name: 'archivos', filename: '../../evil.exe', content: 'MZ\u0000\u0000', type: 'application/octet-stream' },
  ]);
  add('multipart', base, mp.payload, mp.headers);
  add('multipart', base, Buffer.from('--x\r\nbasura sin cerrar'), {
    'content-type': 'multipart/form-data; boundary=x',
  });
  add('multipart', base, Buffer.from('--x--\r\n'), { 'content-type': 'multipart/form-data' });
  // Huge: just under and just over the body limit; deeply nested arrays (10 000 levels).
  const pad = (size: number) => `{"zzRelleno":"${'a'.repeat(size - 17)}"}`;
  add('enorme', base, pad(BODY_LIMIT - 64));
  add('enorme', base, pad(BODY_LIMIT + 64));
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  add('profundo', base, deep);
  const firstKey = Object.keys(schema.properties ?? {})[0];
  if (firstKey) {
    add('profundo', base, `{"${firstKey}":${deep}}`);
    // Numbers JSON can write but JavaScript cannot hold: Infinity, beyond 2^53, -0.
    for (const num of ['1e999', '123456789012345678901234567890', '-0', '1e-400'])
      add('numero-extremo', base, `{"${firstKey}":${num}}`);
  }
  for (const key of Object.keys(schema.properties ?? {}).filter(
    (k) => !schema.properties![k]!.type && !schema.properties![k]!.anyOf,
  )) {
    add(
      'profundo',
      base,
      `${JSON.stringify(first).slice(0, -1)}${Object.keys(first).length ? ',' : ''}"${key}":${deep}}`,
    );
  }
  return out;
}

/** Calls without valid credentials (run last: failed logins count against the address). */
function unauthenticatedCases(r: Route): Case[] {
  const url = fillUrl(r.url);
  const headers: Record<string, string>[] = [
    {},
    { authorization: 'propietario#' },
    { authorization: `propietario#${'0'.repeat(32)}` },
  ];
  return headers.map((h) => ({
    kind: 'sin-credenciales',
    method: r.method,
    url,
    headers: h,
    ...(hasBody(r.method) ? { payload: '{}' } : {}),
  }));
}

it('ninguna ruta da 5xx ni cambia datos al rechazar', async () => {
  const table: Route[] = [];
  const skipped: string[] = [];
  for (const ro of routes) {
    const methods = Array.isArray(ro.method) ? ro.method : [ro.method];
    for (const method of methods) {
      const key = `${method} ${ro.url}`;
      if (SKIPPED[key]) {
        skipped.push(key);
        continue;
      }
      const s = (ro.schema ?? {}) as Record<string, unknown>;
      const json = (k: string) =>
        s[k] instanceof z.ZodType
          ? (z.toJSONSchema(s[k], { io: 'input', unrepresentable: 'any' }) as JsonSchema)
          : undefined;
      const route: Route = { method, url: ro.url };
      for (const k of ['body', 'querystring', 'params'] as const) {
        const j = json(k);
        if (j) route[k] = j;
      }
      table.push(route);
    }
  }
  // Every route of the app is fuzzed or listed with its reason; deleting routes go last.
  expect(skipped.sort()).toEqual(Object.keys(SKIPPED).sort());
  expect(table.length).toBeGreaterThan(80);
  table.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

  const statuses = new Map<number | string, number>();
  const kinds = new Map<string, number>();
  const failures: string[] = [];
  const archivos = path.join(dir, 'archivos');
  let contador = await cambios(env);
  let huella = await fingerprint(env);
  let guardados = storedFiles(archivos);
  let mismasFilas = 0;
  let total = 0;

  const run = async (c: Case) => {
    total++;
    kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    const show = `${c.kind} ${c.method} ${c.url.slice(0, 160)} ${typeof c.payload === 'string' ? c.payload.slice(0, 160) : ''}`;
    let status: number | string;
    let res;
    try {
      res = await env.app.inject({
        method: c.method as 'GET',
        url: c.url,
        headers: c.headers,
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      status = res.statusCode;
    } catch (e) {
      // light-my-request refuses some inputs before they reach the server (e.g. a broken URL).
      status = `inject: ${(e as Error).message.slice(0, 60)}`;
    }
    statuses.set(
      typeof status === 'number' ? status : 'inject',
      (statuses.get(typeof status === 'number' ? status : 'inject') ?? 0) + 1,
    );
    // Notifications are written after the commit of an accepted call: wait for them.
    await env.puertos().notifications.idle();
    const refused = typeof status !== 'number' || status < 200 || status >= 300;
    const n = await cambios(env);
    const files = storedFiles(archivos);
    if (n !== contador) {
      const h = await fingerprint(env);
      if (refused && h !== huella) failures.push(`cambió datos con ${status}: ${show}`);
      else if (refused) mismasFilas++;
      contador = n;
      huella = h;
    }
    if (files !== guardados) {
      if (refused) failures.push(`cambió archivos con ${status}: ${show}`);
      guardados = files;
    }
    if (typeof status === 'number' && res) {
      if (status >= 500) failures.push(`${status} ${show} -> ${res.body.slice(0, 200)}`);
      if (status >= 400 && c.method !== 'HEAD') {
        let body: Record<string, unknown> = {};
        try {
          body = res.json();
        } catch {
          /* checked below */
        }
        if (typeof body.code !== 'string' || typeof body.message !== 'string' || typeof body.requestId !== 'string') {
          failures.push(`forma de error ${status} ${show} -> ${res.body.slice(0, 200)}`);
        }
      }
    }
  };

  let n = 0;
  for (const r of table) {
    const t0 = Date.now();
    const cs = casesOf(r, SEED + n++ * 10);
    for (const c of cs) await run(c);
    if (process.env.FUZZ_TIMING) console.log(`${r.method} ${r.url}: ${cs.length} casos, ${Date.now() - t0} ms`);
    // An accepted call may have renamed or disabled the owner: keep fuzzing as a fresh owner.
    const login = await env.app.inject({ method: 'GET', url: '/api/v4/login', headers: ownerHeader });
    if (login.statusCode !== 200) {
      const usuario = `propietario${++owners}`;
      const { rows } = await env.database.db.execute<{ e: number }>(
        sql`select entidad_id as e from usuarios where id = ${ids.operario}`,
      );
      await makeUsuario(env.database.db, {
        entidadId: rows[0]!.e,
        usuario,
        nombre: 'Laura',
        roles: ['PROPIETARIO'],
        permisos: PERMISOS_GLOBALES,
      });
      ownerHeader = auth(usuario);
      contador = await cambios(env);
      huella = await fingerprint(env);
    }
  }
  for (const r of table) for (const c of unauthenticatedCases(r)) await run(c);
  // Unknown paths reach the not-found handler.
  for (const p of ['/api/v9/nada', '/api/%00', '/api/v2/orden/1/../../../etc/passwd', `/api/${'x'.repeat(3000)}`]) {
    await run({ kind: 'ruta-desconocida', method: 'GET', url: p, headers: ownerHeader });
  }

  const hist = [...statuses.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  console.log(
    [
      `fuzz (TEST_DB=${process.env.TEST_DB ?? 'pglite'}, FUZZ_SEED=${SEED}): ${table.length} rutas × casos = ${total} solicitudes; omitidas: ${skipped.join(', ')}`,
      `por tipo: ${[...kinds.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}`,
      `estados: ${hist.map(([k, v]) => `${k}: ${v}`).join(', ')}`,
      `propietarios reemplazados: ${owners}; rechazos que escribieron las mismas filas: ${mismasFilas}`,
    ].join('\n'),
  );
  expect(failures).toEqual([]);
}, 600_000);
