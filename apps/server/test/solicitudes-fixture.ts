import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PERMISOS_GLOBALES, type EnlaceSolicitudes } from '@delego/contract';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { testConfig } from '../src/config.js';
import { FsStorage } from '../src/modules/files/storage.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';
import { multipart, type ParteForm } from './multipart.js';

export const PUBLIC_URL = 'https://delego.example.com';

/**
 * The companies of the requests' tests (issue 33), fresh for each test file. Demo (plan Pyme) with
 * its owner, an admin, `supervisor` (crearOrden, delegarOrden for Clínica), `lector` (delegarOrden
 * for Hotel only), `operario` (no per-client permission), `baja` (delegarOrden for Clínica, but
 * inactive); five clients (each test group uses its own link, so the per-link limit of one never
 * reaches another); Otra with its owner and a client. Photos go to a temporary folder; every log
 * line is kept.
 */
export interface FixtureSolicitudes {
  env: TestEnv;
  dir: string;
  lineas: string[];
  demo: number;
  otra: number;
  /** Clínica, Hotel, Colegio, Banco, Museo. */
  cli: [number, number, number, number, number];
  cliOtra: number;
  u: Record<'duenia' | 'admin' | 'supervisor' | 'lector' | 'operario' | 'baja' | 'otra', number>;
  /** Every stored file of the folder, relative paths, sorted. */
  guardados(): string[];
  close(): Promise<void>;
}

export async function fixtureSolicitudes(): Promise<FixtureSolicitudes> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-solicitudes-'));
  const lineas: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lineas.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  const env = await createTestEnv({
    config: testConfig({ publicUrl: PUBLIC_URL, logLevel: 'debug', dataDir: dir }),
    storage: new FsStorage(path.join(dir, 'archivos')),
    logStream,
    // The general per-address ceiling out of reach: each test sends from addresses of its own.
    techoPublico: { max: 1_000_000, ventanaMs: 60_000 },
  });
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo <b>Servicios</b>', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  const cli = (await makeClientes(db, demo, [
    { nombre: 'Clínica San Martín' },
    { nombre: 'Hotel Los Andes' },
    { nombre: 'Colegio Belgrano' },
    { nombre: 'Banco Sur' },
    { nombre: 'Museo Azul' },
  ])) as FixtureSolicitudes['cli'];
  const [cliOtra] = (await makeClientes(db, otra, [{ nombre: 'Panadería El Molino' }])) as [number];
  await makeCatalogo(db, demo, { areas: ['Electricidad'], tipos: ['Correctivo'] });
  const [clinica, hotel] = cli;
  const u = {
    duenia: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'duenia',
      nombre: 'Laura',
      apellido: 'Fernández',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    }),
    admin: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'admin',
      nombre: 'Martín',
      apellido: 'Gómez',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    }),
    supervisor: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'supervisor',
      nombre: 'Carla',
      apellido: 'Ruiz',
      roles: ['SUPERVISOR'],
      permisos: ['crearOrden'],
      clientes: [{ clienteId: clinica, delegarOrden: true }],
    }),
    lector: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'lector',
      nombre: 'Ana',
      apellido: 'Lectora',
      permisos: ['crearOrden'],
      clientes: [{ clienteId: hotel, delegarOrden: true }],
    }),
    operario: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'operario',
      nombre: 'Diego',
      apellido: 'Sosa',
      roles: ['OPERARIO'],
      clientes: [{ clienteId: clinica, delegarOrden: false, modificarOrden: true }],
    }),
    baja: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'baja',
      nombre: 'Pablo',
      apellido: 'Inactivo',
      activo: false,
      permisos: ['crearOrden'],
      clientes: [{ clienteId: clinica, delegarOrden: true }],
    }),
    otra: await makeUsuario(db, {
      entidadId: otra,
      usuario: 'otra',
      nombre: 'Roberto',
      apellido: 'Paz',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    }),
  };
  const guardados = () => archivosDe(path.join(dir, 'archivos'));
  return {
    env,
    dir,
    lineas,
    demo,
    otra,
    cli,
    cliOtra,
    u,
    guardados,
    async close() {
      await env.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function archivosDe(raiz: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(raiz, p));
    }
  };
  walk(raiz);
  return out.sort();
}

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call of a user of the fixture (the demo password). */
export function llamar(f: FixtureSolicitudes) {
  return (method: Metodo, url: string, usuario: string, payload?: object) =>
    f.env.app.inject({
      method,
      url,
      headers: auth(usuario),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

let direcciones = 0;
/** A new client address for each public call (the per-address limit is tested on its own). */
export const nuevaIp = () => {
  direcciones += 1;
  return `198.18.${Math.floor(direcciones / 250)}.${(direcciones % 250) + 1}`;
};

/** Turns on the client's request link as the admin; its token. */
export async function activarEnlace(f: FixtureSolicitudes, clienteId: number): Promise<string> {
  const r = await llamar(f)('POST', `/api/v4/solicitudes/enlace/${clienteId}`, 'admin');
  expect(r.statusCode, r.body).toBe(200);
  return tokenDeEnlace((r.json() as EnlaceSolicitudes).url);
}

/** Every link and tracking token a test read from an answer (none may reach the log). */
export const tokensVistos = new Set<string>();

export function tokenDeEnlace(url: string | null): string {
  const m = new RegExp(`^${PUBLIC_URL}/solicitud/([A-Za-z0-9_-]{43})$`).exec(url ?? '');
  if (!m?.[1]) throw new Error(`sin token en ${String(url)}`);
  tokensVistos.add(m[1]);
  return m[1];
}

export function tokenDeSeguimiento(url: string): string {
  const m = new RegExp(`^${PUBLIC_URL}/solicitud/seguimiento/([A-Za-z0-9_-]{43})$`).exec(url);
  if (!m?.[1]) throw new Error(`sin token en ${url}`);
  tokensVistos.add(m[1]);
  return m[1];
}

/** The fields of a request, as the form sends them (a new device id each time unless given). */
export function campos(
  o: Partial<Record<'que' | 'donde' | 'nombre' | 'email' | 'telefono' | 'sitio' | 'clave', string>> = {},
) {
  return {
    que: 'Pierde agua el termotanque del 2.º piso\nGotea desde anoche, ya cerramos la llave.',
    nombre: 'Rosa Díaz',
    email: 'rosa@cliente.example.com',
    clave: crypto.randomUUID(),
    ...o,
  };
}

/** A send of the form: `k` (by link) or none (by QR), then the fields, then the photos. */
export function envio(
  f: FixtureSolicitudes,
  destino: { k: string } | { qr: string },
  datos: Record<string, string>,
  fotos: ParteForm[] = [],
  remoteAddress = nuevaIp(),
) {
  const partes: ParteForm[] = [
    ...('k' in destino ? [{ name: 'k', value: destino.k }] : []),
    ...Object.entries(datos).map(([name, value]) => ({ name, value })),
    ...fotos,
  ];
  const mp = multipart(partes);
  return f.env.app.inject({
    method: 'POST',
    url: 'k' in destino ? '/api/v4/publico/solicitud' : `/api/v4/publico/q/${destino.qr}/pedido`,
    headers: mp.headers,
    payload: mp.payload,
    remoteAddress,
  });
}

/** A small real image made with sharp. */
export async function imagen(formato: 'jpeg' | 'png', lado = 64): Promise<Buffer> {
  const base = sharp({ create: { width: lado, height: lado, channels: 3, background: '#c03030' } });
  return formato === 'jpeg' ? base.jpeg().toBuffer() : base.png().toBuffer();
}

export const foto = (content: Buffer, filename = 'IMG_0001.jpg', type = 'image/jpeg'): ParteForm => ({
  name: 'fotos',
  filename,
  content,
  type,
});

/**
 * The routes that answer 200 without a session, and why that gives nothing of a company: liveness
 * and readiness, and the resend of a sign-up confirmation, which answers the same to anything (it
 * takes the `k` of an expired confirmation link). (/metrics is off without METRICAS_TOKEN: 404.)
 */
export const SIN_EMPRESA = new Set(['GET /api/health', 'GET /api/health/ready', 'POST /api/v2/registrar/reenviar']);

/**
 * Other refusals some routes give before any company is read: WhatsApp's webhook verification
 * (403: the verify token is not the installation's) and the confirmation resend's own limit (429).
 */
export const OTRAS_NEGATIVAS: Record<string, number[]> = {
  'GET /api/v4/whatsapp/webhook': [403],
  'POST /api/v2/registrar/reenviar': [429],
};

/**
 * A fingerprint of whole tables (the MD5 of every row, in order): equal before and after a run of
 * calls when none of them changed anything.
 */
export async function huellaDeTablas(env: TestEnv, tablas: readonly string[]): Promise<string> {
  const partes: string[] = [];
  for (const tabla of tablas) {
    const r = await env.database.db.execute<{ h: string }>(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${tabla} x`),
    );
    partes.push(String(r.rows[0]?.h));
  }
  return partes.join(',');
}
