import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoIdempotencia } from '../idempotencia/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';
import type { Storage } from './storage.js';

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
  /** Where the bytes live (streamed both ways; a folder today, another store later). */
  storage: Storage;
  idempotencia: Pick<PuertoIdempotencia, 'reclamar' | 'completar' | 'liberar'>;
}

export interface ModuloArchivos extends Modulo<PuertoArchivos> {
  /** Until the `Services` bag goes (issue 29): the whole service, for the modules app.ts still builds with it. */
  servicios: { files: FilesService };
}

/** The files attached to orders: upload (checked by content), download with ranges, thumbnails, ZIP. */
export function moduloArchivos(n: Pick<Nucleo, 'db' | 'bus' | 'clock' | 'config'>, deps: DepsArchivos): ModuloArchivos {
  const files = new FilesService(n.db, deps.orders, deps.storage, n.bus, n.clock, { maxFileMb: n.config.maxFileMb });
  return { nombre: 'files', puerto: files, rutas: filesRoutes(files, deps.idempotencia), servicios: { files } };
}
