import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';
import path from 'node:path';
import type { Config } from '../../config.js';
import { FsStorage, type Storage } from './storage.js';
import { S3Storage } from './storage-s3.js';

export { FsStorage, type RangoBytes, type Storage } from './storage.js';
export { S3Storage, type OpcionesS3 } from './storage-s3.js';

/** The bucket of S3_URL when it is set, otherwise the folder `archivos` of the data folder. */
export function almacenamientoDe(config: Pick<Config, 's3' | 'dataDir'>): Storage & { close?: () => void } {
  return config.s3 ? new S3Storage(config.s3) : new FsStorage(carpetaDeArchivos(config));
}

/** The folder of the attached files when they are not in a bucket. */
export function carpetaDeArchivos(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'archivos');
}

/** Where the files live, for the start-up lines: the folder, or the endpoint, bucket and prefix (never the keys). */
export function dondeEstanLosArchivos(config: Pick<Config, 's3' | 'dataDir'>): string {
  if (!config.s3) return `carpeta ${carpetaDeArchivos(config)}`;
  const u = new URL(config.s3.url);
  const prefijo = config.s3.prefix ? `/${config.s3.prefix.replace(/\/+$/, '')}` : '';
  return `bucket ${config.s3.bucket}${prefijo} en ${u.protocol}//${u.host} (S3_URL)`;
}
export { comoArchivo, type ArchivoRecibido, type Descarga, type Parte } from './files.service.js';
export type { ArchivoFila } from './files.repository.js';
export { enviarDescarga, partesDe, pideInline, registrarMultipart } from './files.routes.js';
export { MENSAJES_ARCHIVOS } from './tipos.js';

/**
 * What other modules may ask of the files module: a file of a company's order by a link (the
 * public summary), the names of an order's files (receipts), the files of a printed report,
 * copies of some files to another order in the caller's transaction (a checklist's follow-up),
 * stored bytes attached to an order in the caller's transaction (an accepted request's photos),
 * and for files kept in another module's table (an equipo's photos): receiving an upload with the
 * same checks, sending a stored file, removing bytes, the size limit.
 */
export type PuertoArchivos = Pick<
  FilesService,
  | 'descargaDeEmpresa'
  | 'nombresEnOrden'
  | 'paraImprimir'
  | 'copiarEnTransaccion'
  | 'adjuntarEnTransaccion'
  | 'recibir'
  | 'descargaDeClave'
  | 'borrarBytes'
  | 'limiteBytes'
>;

export interface DepsArchivos {
  /** Whether the actor may see or change the order; the history of uploads and removals. */
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEventos'>;
  /** Where the bytes live (streamed both ways); by default S3_URL's bucket or the folder `archivos` of the data folder. */
  storage?: Storage | undefined;
  idempotencia: AlmacenIdempotencia;
}

/** The files attached to orders: upload (checked by content), download with ranges, thumbnails, ZIP. */
export function moduloArchivos(
  n: Pick<Nucleo, 'db' | 'bus' | 'clock' | 'config'>,
  deps: DepsArchivos,
): Modulo<PuertoArchivos> {
  const propio = deps.storage ? null : almacenamientoDe(n.config);
  const storage = deps.storage ?? (propio as Storage);
  const files = new FilesService(n.db, deps.orders, storage, n.bus, n.clock, { maxFileMb: n.config.maxFileMb });
  return {
    nombre: 'files',
    puerto: files,
    rutas: filesRoutes(files, deps.idempotencia),
    // The S3 client's connections; a storage given by the caller is the caller's to close.
    alCerrar: async () => propio?.close?.(),
  };
}
