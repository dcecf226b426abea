import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An inclusive byte range, as HTTP Range gives it. */
export interface RangoBytes {
  start: number;
  end: number;
}

/**
 * Where file bytes live. Keys are opaque paths made by the server (`e1/o2/uuid`), never a user's
 * file name. Every method streams: nothing holds a whole file in memory.
 */
export interface Storage {
  /** Writes the stream under the key; the key appears only once the whole stream was written. */
  put(key: string, data: Readable): Promise<{ bytes: number }>;
  /** Reads the bytes (or a range of them). Throws when the key does not exist. */
  get(key: string, range?: RangoBytes): Promise<Readable>;
  /** Size of the stored bytes, or null when the key does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** A key made by the server: lowercase-ish path segments, no `.` or `..`. */
export function claveValida(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((p) => p === '.' || p === '..');
}

/** Files under one folder (by default `${dataDir}/archivos`), written to a temporary name and renamed. */
export class FsStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!claveValida(key)) {
      throw new Error(`clave de almacenamiento inválida: ${key}`);
    }
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Readable): Promise<{ bytes: number }> {
    const final = this.pathOf(key);
    await fsp.mkdir(path.dirname(final), { recursive: true });
    const tmp = `${final}.${randomUUID()}.part`;
    let bytes = 0;
    data.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    try {
      await pipeline(data, fs.createWriteStream(tmp, { flags: 'wx' }));
      await fsp.rename(tmp, final);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    return { bytes };
  }

  async get(key: string, range?: RangoBytes): Promise<Readable> {
    const p = this.pathOf(key);
    const handle = await fsp.open(p, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return { size: s.size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
