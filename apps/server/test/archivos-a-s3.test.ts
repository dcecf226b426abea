import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { S3Storage } from '../src/modules/files/storage-s3.js';
import { FsStorage } from '../src/modules/files/storage.js';
import { servidorS3, type ServidorS3 } from './s3-servidor.js';

/** `npm run archivos-a-s3` as an operator runs it: the root script, the server's variables. */
function correr(env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'archivos-a-s3'],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 60_000 },
      (e, out, err) => resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, out, err }),
    );
  });
}

const leer = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

let s3: ServidorS3;
let bucket: S3Storage;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-a-s3-'));
const carpeta = new FsStorage(path.join(dataDir, 'archivos'));
const archivos: Record<string, Buffer> = {
  'e1/o1/0b9c6a52-foto': randomBytes(70_000),
  'e1/o1/0b9c6a52-foto.min.jpg': randomBytes(9_000),
  'e1/o2/5d1e-presupuesto': randomBytes(1_234),
  'e2/o7/vacio-no': Buffer.from('x'),
};

beforeAll(async () => {
  s3 = await servidorS3('migrados', 'delego/');
  bucket = new S3Storage(s3.opciones);
  for (const [k, v] of Object.entries(archivos)) await carpeta.put(k, Readable.from([v]));
  // An upload that never finished: not a file of Delego's, never copied.
  fs.writeFileSync(path.join(dataDir, 'archivos', 'e1', 'o1', 'x.1234.part'), 'a medias');
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run archivos-a-s3', () => {
  it('copia la carpeta al bucket; la segunda vez no copia nada; después solo lo que falta o cambió', async () => {
    const env = { ...s3.env, DATA_DIR: dataDir };
    const uno = await correr(env);
    expect(uno.err).toBe('');
    expect(uno.code).toBe(0);
    expect(uno.out).toContain('Copiados: 4. Ya estaban: 0. Fallidos: 0.');
    expect(uno.out).toContain('bucket migrados/delego');
    expect(uno.out).not.toContain('S3RVER');
    for (const [k, v] of Object.entries(archivos)) expect((await leer(await bucket.get(k))).equals(v), k).toBe(true);
    expect(await bucket.stat('e1/o1/x.1234.part')).toBeNull();

    const dos = await correr(env);
    expect(dos.code).toBe(0);
    expect(dos.out).toContain('Copiados: 0. Ya estaban: 4. Fallidos: 0.');

    // A new file, and one whose copy in the bucket is of another size (an interrupted copy).
    const nuevo = randomBytes(500);
    await carpeta.put('e2/o8/nuevo', Readable.from([nuevo]));
    await bucket.put('e1/o2/5d1e-presupuesto', Readable.from([Buffer.from('corto')]));
    const tres = await correr(env);
    expect(tres.code).toBe(0);
    expect(tres.out).toContain('Copiados: 2. Ya estaban: 3. Fallidos: 0.');
    expect((await leer(await bucket.get('e1/o2/5d1e-presupuesto'))).equals(archivos['e1/o2/5d1e-presupuesto']!)).toBe(
      true,
    );
  });

  it('sin S3_URL, o con un bucket que no existe: sale con error y lo dice', async () => {
    const sin = await correr({ DATA_DIR: dataDir });
    expect(sin.code).toBe(2);
    expect(sin.err).toContain('Falta S3_URL');
    const mal = await correr({ ...s3.env, S3_BUCKET: 'no-existe', DATA_DIR: dataDir });
    expect(mal.code).toBe(1);
    expect(mal.out).toContain('Copiados: 0. Ya estaban: 0. Fallidos: 5.');
    expect(mal.err).toContain('falló e1/o1/0b9c6a52-foto');
  });
});
