import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { dondeEstanLosArchivos } from '../src/modules/files/index.js';
import { S3Storage } from '../src/modules/files/storage-s3.js';
import { servidorS3, type ServidorS3 } from './s3-servidor.js';

let s3: ServidorS3;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await servidorS3('almacen', 'instancia-a');
  storage = new S3Storage(s3.opciones);
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

const leer = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every key of the bucket (with the prefix), to check that nothing was left behind. */
async function claves(): Promise<string[]> {
  const r = await storage.client.send(new ListObjectsV2Command({ Bucket: 'almacen' }));
  return (r.Contents ?? []).map((c) => c.Key ?? '').sort();
}

/**
 * `total` bytes made as they are read (64 KiB at a time, each a function of its index), so the
 * test never holds them; `producidos()` says how many were read so far.
 */
function fuente(total: number, fallarEn?: number) {
  let producidos = 0;
  const hash = createHash('sha256');
  const stream = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (fallarEn !== undefined && producidos >= fallarEn) {
        this.destroy(new Error('la fuente se cortó'));
        return;
      }
      if (producidos >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(64 * 1024, total - producidos);
      const c = Buffer.alloc(n, producidos / 65536);
      c.writeUInt32BE(producidos, 0);
      hash.update(c);
      producidos += n;
      this.push(c);
    },
  });
  return { stream, producidos: () => producidos, sha: () => hash.digest('hex') };
}

describe('S3Storage contra s3rver', () => {
  it('put de un flujo de 20 MB de largo desconocido: en partes, sin leer todo antes de enviar, y se lee igual', async () => {
    const total = 20 * 1024 * 1024 + 12345;
    const f = fuente(total);
    // Observes (does not replace) each request: how much of the source was read when each part left.
    const leidoAlEnviarParte: number[] = [];
    storage.client.middlewareStack.add(
      (next, ctx) => async (args) => {
        if (ctx.commandName === 'UploadPartCommand') leidoAlEnviarParte.push(f.producidos());
        return next(args);
      },
      { step: 'initialize', name: 'observarPartes' },
    );
    try {
      const r = await storage.put('e1/o1/grande', f.stream);
      expect(r.bytes).toBe(total);
    } finally {
      storage.client.middlewareStack.remove('observarPartes');
    }
    expect(leidoAlEnviarParte.length).toBe(5);
    // The first part left when about 5 MB (plus the stream buffers) had been read, not 20.
    expect(leidoAlEnviarParte[0]).toBeLessThan(12 * 1024 * 1024);
    expect(await storage.stat('e1/o1/grande')).toEqual({ size: total });
    const leido = await leer(await storage.get('e1/o1/grande'));
    expect(leido.length).toBe(total);
    expect(sha(leido)).toBe(f.sha());
    expect(await claves()).toEqual(['instancia-a/e1/o1/grande']);
    await storage.delete('e1/o1/grande');
  });

  it('get con rango: exactamente los bytes pedidos (inicio, medio, último byte)', async () => {
    const datos = randomBytes(100_000);
    expect(await storage.put('e1/o2/rango.bin', Readable.from([datos.subarray(0, 7), datos.subarray(7)]))).toEqual({
      bytes: 100_000,
    });
    for (const [start, end] of [
      [0, 0],
      [10, 4_999],
      [99_999, 99_999],
      [50_000, 99_999],
    ] as const) {
      const parte = await leer(await storage.get('e1/o2/rango.bin', { start, end }));
      expect(parte.equals(datos.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    expect((await leer(await storage.get('e1/o2/rango.bin'))).equals(datos)).toBe(true);
  });

  it('stat de una clave ausente es null; get de una ausente falla; delete es idempotente', async () => {
    expect(await storage.stat('e1/o9/no-existe')).toBeNull();
    await expect(storage.get('e1/o9/no-existe')).rejects.toThrow();
    await storage.put('e1/o3/borrar', Readable.from([Buffer.from('hola')]));
    expect(await storage.stat('e1/o3/borrar')).toEqual({ size: 4 });
    await storage.delete('e1/o3/borrar');
    expect(await storage.stat('e1/o3/borrar')).toBeNull();
    await storage.delete('e1/o3/borrar');
    await storage.delete('e1/o9/nunca-existio');
  });

  it('una clave con .. o vacía se rechaza antes de llegar al servidor', async () => {
    await expect(storage.stat('e1/../x')).rejects.toThrow(/clave de almacenamiento inválida/);
    await expect(storage.put('', Readable.from([Buffer.from('x')]))).rejects.toThrow(/inválida/);
  });

  it('una fuente que falla no deja objeto: ni en un envío simple ni a mitad de una subida en partes', async () => {
    const antes = await claves();
    const chica = fuente(1_000_000, 300_000);
    await expect(storage.put('e1/o4/chica', chica.stream)).rejects.toThrow('la fuente se cortó');
    expect(await storage.stat('e1/o4/chica')).toBeNull();

    const grande = fuente(30 * 1024 * 1024, 12 * 1024 * 1024);
    await expect(storage.put('e1/o4/grande', grande.stream)).rejects.toThrow('la fuente se cortó');
    expect(grande.producidos()).toBeGreaterThanOrEqual(12 * 1024 * 1024);
    expect(await storage.stat('e1/o4/grande')).toBeNull();
    expect(await claves()).toEqual(antes);
  });

  it('el prefijo separa instancias en un mismo bucket', async () => {
    const otra = new S3Storage({ ...s3.opciones, prefix: 'instancia-b/' });
    try {
      await otra.put('e1/o5/x', Readable.from([Buffer.from('de b')]));
      expect(await storage.stat('e1/o5/x')).toBeNull();
      expect(await otra.stat('e1/o5/x')).toEqual({ size: 4 });
      expect(await claves()).toContain('instancia-b/e1/o5/x');
    } finally {
      otra.close();
    }
  });

  it('el arranque dice dónde están los archivos, sin las claves', () => {
    const texto = dondeEstanLosArchivos(testConfig({ s3: s3.opciones }));
    expect(texto).toBe(`bucket almacen/instancia-a en ${s3.opciones.url} (S3_URL)`);
    expect(texto).not.toContain('S3RVER');
    expect(dondeEstanLosArchivos(testConfig({ dataDir: '/srv/delego' }))).toBe('carpeta /srv/delego/archivos');
  });
});
