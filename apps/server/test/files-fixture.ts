import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERMISOS_GLOBALES, type OrdenDetalle } from '@delego/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import { testConfig } from '../src/config.js';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3Storage, type OpcionesS3 } from '../src/modules/files/storage-s3.js';
import { FsStorage, type Storage } from '../src/modules/files/storage.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';
import { multipart, type ParteForm } from './multipart.js';

/**
 * The companies of the files / hours / reports tests (issue 5), fresh for each test file:
 * Demo with an admin, a supervisor (global modificarOrden), `operario` (responsable of the orders),
 * `ayudante` (sees nothing), `lector` (sees the orders of Colegio Belgrano, may change none of them);
 * Otra with its owner. Files go to a temporary folder (or, given `s3`, to that bucket); the size
 * limit is 50 KB.
 */
export interface Fixture {
  env: TestEnv;
  /** The folder of the files (empty when they go to a bucket). */
  dir: string;
  /** The storage the app was given. */
  storage: Storage;
  /** Every stored key (relative paths in the folder, keys without the prefix in the bucket), sorted. */
  guardados(): Promise<string[]>;
  demo: number;
  otra: number;
  cli: number[];
  cliOtra: number[];
  cat: { areas: number[]; tipos: number[]; prioridades: number[] };
  u: Record<'admin' | 'supervisor' | 'operario' | 'ayudante' | 'lector' | 'otra', number>;
  close(): Promise<void>;
}

export const LIMITE_MB = 0.05;
export const LIMITE_BYTES = Math.floor(LIMITE_MB * 1024 * 1024);

/** `maxFileMb`: the size limit of a file, small by default so the limit's tests stay small. */
export async function fixture(opciones: { s3?: OpcionesS3; maxFileMb?: number } = {}): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-archivos-'));
  const { s3 } = opciones;
  const storage = s3 ? new S3Storage(s3) : new FsStorage(dir);
  const guardados = async () => {
    if (!(storage instanceof S3Storage) || !s3) return archivosGuardados(dir);
    const claves: string[] = [];
    let token: string | undefined;
    do {
      const r = await storage.client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix, ContinuationToken: token }),
      );
      for (const c of r.Contents ?? []) claves.push((c.Key ?? '').slice(s3.prefix?.length ?? 0));
      token = r.NextContinuationToken;
    } while (token);
    return claves.sort();
  };
  const env = await createTestEnv({ config: testConfig({ maxFileMb: opciones.maxFileMb ?? LIMITE_MB }), storage });
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, {
    nombre: 'Demo Servicios S.A.',
    plan: 'Pyme',
    now,
    logo: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#1f5fa8"/></svg>').toString('base64')}`,
  });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  const cli = await makeClientes(db, demo, [
    { nombre: 'Clínica San Martín' },
    { nombre: 'Hotel Los Andes' },
    { nombre: 'Colegio Belgrano' },
  ]);
  const cliOtra = await makeClientes(db, otra, [{ nombre: 'Panadería El Molino' }]);
  const cat = await makeCatalogo(db, demo, {
    areas: ['Electricidad', 'Plomería'],
    tipos: ['Correctivo', 'Preventivo'],
  });
  await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  const [, , c3] = cli as [number, number, number];
  const u = {
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
      permisos: ['crearOrden', 'modificarOrden', 'finalizarOrden'],
    }),
    operario: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'operario',
      nombre: 'Diego',
      apellido: 'Sosa',
      roles: ['OPERARIO'],
    }),
    ayudante: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'ayudante',
      nombre: 'Lucía',
      apellido: 'Benítez',
      roles: ['OPERARIO'],
    }),
    lector: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'lector',
      nombre: 'Ana',
      apellido: 'Lectora',
      permisos: ['crearOrden'],
      clientes: [{ clienteId: c3, delegarOrden: true }],
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
  return {
    env,
    dir,
    storage,
    guardados,
    demo,
    otra,
    cli,
    cliOtra,
    cat,
    u,
    async close() {
      await env.close();
      if (storage instanceof S3Storage) storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown>;

export function llamar(f: Fixture) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    f.env.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}tsp=${Date.now()}`,
      headers: { ...auth(who), ...headers },
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
  const subir = (ordenId: number, who: string, partes: ParteForm[]) => {
    const mp = multipart(partes);
    return f.env.app.inject({
      method: 'POST',
      url: `/api/v2/archivos/${ordenId}/add?tsp=1`,
      headers: { ...auth(who), ...mp.headers },
      payload: mp.payload,
    });
  };
  const crearOrden = async (extra: Json = {}, who = 'admin'): Promise<OrdenDetalle> => {
    const r = await call('POST', '/api/v2/ordenes/save', who, {
      titulo: 'Reparación de aire acondicionado',
      detalle: 'El equipo no enfría. ¿Revisar el capacitor? ¡Urgente!',
      cliente: f.cli[0],
      responsable: [f.u.operario],
      tipoOrden: f.cat.tipos[0],
      area: f.cat.areas[0],
      prioridad: f.cat.prioridades[2],
      fechaInicio: Date.UTC(2026, 10, 20, 12),
      fechaFin: Date.UTC(2026, 10, 25, 12),
      ...extra,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  return { call, subir, crearOrden };
}

/** Every file under the storage folder (relative paths), to check that nothing was left behind. */
export function archivosGuardados(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export async function jpeg(w = 800, h = 600, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

export async function png(w = 200, h = 100): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A tiny but well-formed PDF. */
export function pdf(texto = 'Hola'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${texto}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** The first bytes of a Windows program (what a renamed .exe looks like). */
export function exe(): Buffer {
  const b = Buffer.alloc(1024, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

/** A minimal Word document: a ZIP whose [Content_Types].xml names the Word main part. */
export async function docx(): Promise<Buffer> {
  const { ZipArchive } = await import('archiver');
  const z = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  z.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => z.on('end', r));
  z.append(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    { name: '[Content_Types].xml' },
  );
  z.append(
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    { name: '_rels/.rels' },
  );
  z.append(
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    { name: 'word/document.xml' },
  );
  await z.finalize();
  await done;
  return Buffer.concat(chunks);
}
