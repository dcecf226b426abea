import { createRequire } from 'node:module';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { claveValida, type RangoBytes, type Storage } from './storage.js';

const require = createRequire(import.meta.url);
/** The AWS SDK is loaded when a bucket is configured, not with every server (issue 18). */
const sdk = () => require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
const libStorage = () => require('@aws-sdk/lib-storage') as typeof import('@aws-sdk/lib-storage');

/** Where the bucket is and how to sign (S3_URL, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_PREFIX). */
export type OpcionesS3 = NonNullable<Config['s3']>;

/** Size of each part of a multipart upload (S3's minimum), and how many are in flight at once. */
const PARTE = 5 * 1024 * 1024;
const PARTES_EN_VUELO = 2;

/** A missing object, as HeadObject (404 without a body) or GetObject (NoSuchKey) says it. */
function noExiste(e: unknown): boolean {
  if (e instanceof sdk().S3ServiceException) {
    return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** The first `largo` bytes of the stream; the rest is not read (the connection is closed). */
function recortar(body: Readable, largo: number): Readable {
  let faltan = largo;
  const corte = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (faltan <= 0) return cb();
      const parte = chunk.length > faltan ? chunk.subarray(0, faltan) : chunk;
      faltan -= parte.length;
      this.push(parte);
      if (faltan <= 0) {
        this.push(null);
        body.destroy();
      }
      cb();
    },
  });
  body.on('error', (e) => corte.destroy(e));
  return body.pipe(corte);
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, s3rver in the tests), path-style.
 * `put` streams with a multipart upload of at most PARTE × (PARTES_EN_VUELO + 1) bytes in memory,
 * whatever the file's size; an object appears only when the upload completes, and a source that
 * fails leaves none (an unfinished multipart upload is aborted, and the key deleted to be sure).
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(o: OpcionesS3) {
    this.bucket = o.bucket;
    this.prefix = o.prefix ? `${o.prefix.replace(/\/+$/, '')}/` : '';
    this.client = new (sdk().S3Client)({
      endpoint: o.url,
      region: o.region,
      forcePathStyle: true,
      credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
      // The SDK's default CRC32 checksums on every request are not understood by every
      // S3-compatible server (s3rver, older MinIO): only when the operation needs one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    if (!claveValida(key)) throw new Error(`clave de almacenamiento inválida: ${key}`);
    return this.prefix + key;
  }

  async put(key: string, data: Readable): Promise<{ bytes: number }> {
    const Key = this.keyOf(key);
    let bytes = 0;
    const contador = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        cb(null, chunk);
      },
    });
    const upload = new (libStorage().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: contador },
      partSize: PARTE,
      queueSize: PARTES_EN_VUELO,
    });
    const [origen, subida] = await Promise.allSettled([pipeline(data, contador), upload.done()]);
    if (origen.status === 'fulfilled' && subida.status === 'fulfilled') return { bytes };
    // The source's error is the one that explains the failure (an abort that s3rver refuses is not).
    if (!contador.destroyed) contador.destroy();
    await this.delete(key).catch(() => undefined);
    throw origen.status === 'rejected' ? origen.reason : (subida as PromiseRejectedResult).reason;
  }

  async get(key: string, range?: RangoBytes): Promise<Readable> {
    const r = await this.client.send(
      new (sdk().GetObjectCommand)({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(r.Body instanceof Readable)) throw new Error('el almacenamiento no devolvió un flujo');
    if (!range) return r.Body;
    if (!r.ContentRange?.startsWith(`bytes ${range.start}-`)) {
      r.Body.destroy();
      throw new Error(`el almacenamiento no respetó el rango pedido (${r.ContentRange ?? 'sin Content-Range'})`);
    }
    const largo = range.end - range.start + 1;
    // A server that sends more than the range asked (s3rver reads `bytes=0-0` as `bytes=0-`) is cut.
    return (r.ContentLength ?? 0) > largo ? recortar(r.Body, largo) : r.Body;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const r = await this.client.send(new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return { size: r.ContentLength ?? 0 };
    } catch (e) {
      if (noExiste(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.keyOf(key) }));
    } catch (e) {
      if (!noExiste(e)) throw e;
    }
  }

  /** Closes the HTTP connections of the client. */
  close(): void {
    this.client.destroy();
  }
}
