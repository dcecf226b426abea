import path from 'node:path';
import type { Config } from '../config.js';
import { FsStorage, type Storage } from '../modules/files/index.js';

/**
 * The file store the server would use with this configuration: the folder DATA_DIR/archivos.
 * (When the server gains another store, e.g. S3, this is the one place the tools follow it.)
 */
export function almacenDe(config: Pick<Config, 'dataDir'>): Storage {
  return new FsStorage(path.join(config.dataDir, 'archivos'));
}
