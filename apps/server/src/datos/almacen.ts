import type { Config } from '../config.js';
import { almacenamientoDe, type Storage } from '../modules/files/index.js';

/**
 * The file store the server uses with this configuration (the folder DATA_DIR/archivos, or the
 * S3 bucket of S3_URL): the backup reads the files from it, the restore writes them to it.
 */
export function almacenDe(config: Pick<Config, 'dataDir' | 's3'>): Storage & { close?: () => void } {
  return almacenamientoDe(config);
}
