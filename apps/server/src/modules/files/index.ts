import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoIdempotencia } from '../idempotencia/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';
import path from 'node:path';
import { FsStorage, type Storage } from './storage.js';

export { FsStorage, type RangoBytes, type Storage } from './storage.js';
export type { Descarga } from './files.service.js';

/**
 * What other modules may ask of the files module: a file of a company's order by a link (the
 * public summary), the names of an order's files (receipts), and the files of a printed report.
 */
export type PuertoArchivos = Pick<FilesService, 'descargaDeEmpresa' | 'nombresEnOrden' | 'paraImprimir'>;

export interface DepsArchivos {
  /** Whether the actor may see or change the order; the history of uploads and removals. */
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEventos'>;
  /** Where the bytes live (streamed both ways); by default the folder `archivos` of the data folder. */
  storage?: Storage | undefined;
  idempotencia: Pick<PuertoIdempotencia, 'reclamar' | 'completar' | 'liberar'>;
}

/** The files attached to orders: upload (checked by content), download with ranges, thumbnails, ZIP. */
export function moduloArchivos(
  n: Pick<Nucleo, 'db' | 'bus' | 'clock' | 'config'>,
  deps: DepsArchivos,
): Modulo<PuertoArchivos> {
  const storage = deps.storage ?? new FsStorage(path.join(n.config.dataDir, 'archivos'));
  const files = new FilesService(n.db, deps.orders, storage, n.bus, n.clock, { maxFileMb: n.config.maxFileMb });
  return { nombre: 'files', puerto: files, rutas: filesRoutes(files, deps.idempotencia) };
}
