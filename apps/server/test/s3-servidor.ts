import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { OpcionesS3 } from '../src/modules/files/storage-s3.js';

const require = createRequire(import.meta.url);

interface S3rverInstancia {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClase = new (o: Record<string, unknown>) => S3rverInstancia;

/** A real S3-compatible server (s3rver) for one test file. */
export interface ServidorS3 {
  /** What S3Storage (or the S3_* variables) need to reach the bucket. */
  opciones: OpcionesS3;
  /** The same as the environment variables of the server and the copy command. */
  env: Record<string, string>;
  /** The folder where s3rver keeps its objects. */
  dir: string;
  close(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 on a free port, in a new temporary folder, with the bucket created
 * (s3rver accepts the key pair S3RVER / S3RVER and checks every signature with it).
 */
export async function servidorS3(bucket = 'delego-pruebas', prefix?: string): Promise<ServidorS3> {
  const S3rver = require('s3rver') as S3rverClase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const opciones: OpcionesS3 = {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    prefix,
  };
  return {
    opciones,
    env: {
      S3_URL: opciones.url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    },
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
