import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ZipArchive } from 'archiver';
import {
  formatoMb,
  LIMITES_ARCHIVOS,
  MENSAJES_EXTERNO,
  RUTAS,
  relojComoUtc,
  urlDe,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type Archivo,
} from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import { traducirFalloMultipart } from '../../lib/multipart.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { FilesRepository, type ArchivoFila } from './files.repository.js';
import { Inspector } from './inspector.js';
import type { RangoBytes, Storage } from './storage.js';
import { MENSAJES_ARCHIVOS, validarNombre } from './tipos.js';

/** One part of a multipart upload, as the route hands it over. */
export type Parte =
  | { tipo: 'archivo'; campo: string; nombre: string; stream: Readable & { truncated?: boolean } }
  | { tipo: 'campo'; campo: string; valor: string };

/** A file just stored by `recibir`: its keys, name, real type, size and hash. */
export interface ArchivoRecibido {
  clave: string;
  claveMiniatura: string | null;
  nombre: string;
  mime: string;
  esImagen: boolean;
  tamanio: number;
  sha256: string;
}

/** A file to read for a download: its metadata and a way to open its bytes (or a range of them). */
export interface Descarga {
  nombre: string;
  mime: string;
  tamanio: number;
  abrir(rango?: RangoBytes): Promise<Readable>;
}

/** Already-compressed kinds are stored in the ZIP as they are; text and old Office files are deflated. */
const COMPRIMIBLES = ['text/', 'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'];

/** "foto.jpg", "foto (2).jpg", ...: names inside a ZIP must not collide. */
export function nombresUnicos(nombres: string[]): string[] {
  const usados = new Set<string>();
  return nombres.map((n) => {
    let candidato = n;
    const punto = n.lastIndexOf('.');
    const base = punto > 0 ? n.slice(0, punto) : n;
    const ext = punto > 0 ? n.slice(punto) : '';
    for (let k = 2; usados.has(candidato.toLowerCase()); k++) candidato = `${base} (${k})${ext}`;
    usados.add(candidato.toLowerCase());
    return candidato;
  });
}

/** Whether the actor may remove the order's files: who may change it, but an outsider's link. */
function puedeQuitar(actor: Actor, modificar: boolean): boolean {
  return modificar && !actor.externo;
}

/** Parses archivosBorrados as a form field: "3", "3,4" or "[3,4]". */
function idsDeCampo(valor: string): number[] {
  const v = valor.trim();
  if (!v) return [];
  let items: unknown[];
  if (v.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(v);
      items = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      throw AppError.invalid('archivosBorrados', 'archivosBorrados debe ser una lista de ids de archivos.');
    }
  } else items = v.split(',');
  return items.map((x) => {
    const n = Number(typeof x === 'string' ? x.trim() : x);
    if (!Number.isSafeInteger(n) || n <= 0)
      throw AppError.invalid('archivosBorrados', 'archivosBorrados debe ser una lista de ids de archivos.');
    return n;
  });
}

/** Waits for archiver to finish one entry; rejects if the archive fails or is torn down first. */
function entradaTerminada(archive: ZipArchive): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      off();
      resolve();
    };
    const fail = (e?: Error) => {
      off();
      reject(e ?? new Error('zip cerrado'));
    };
    const closed = () => fail();
    const off = () => {
      archive.off('entry', done);
      archive.off('error', fail);
      archive.off('close', closed);
    };
    archive.on('entry', done);
    archive.on('error', fail);
    archive.on('close', closed);
  });
}

/**
 * A stored file as the API answers it (an order's, an equipo's): its download path and, when it
 * has a thumbnail, the thumbnail's.
 */
export function comoArchivo(
  r: Omit<ArchivoFila, 'ordenId'>,
  url: string,
  urlMiniatura: string,
  puedeEliminar: boolean,
): Archivo {
  return {
    id: r.id,
    nombre: r.nombre,
    tipo: r.mime,
    tamanio: r.tamanio,
    usuario: { id: r.usuarioId, nombre: r.usuarioNombre, apellido: r.usuarioApellido },
    fecha: new Date(r.creado).getTime(),
    esImagen: r.esImagen,
    miniatura: r.claveMiniatura ? urlMiniatura : null,
    url,
    puedeEliminar,
  };
}

export class FilesService {
  private readonly maxBytes: number;
  private readonly maxMb: number;

  constructor(
    private readonly db: Db,
    private readonly orders: Pick<PuertoOrdenes, 'acceso' | 'insertEventos'>,
    private readonly storage: Storage,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    opts: { maxFileMb: number },
  ) {
    this.maxMb = opts.maxFileMb;
    this.maxBytes = Math.floor(opts.maxFileMb * 1024 * 1024);
  }

  /** Bytes one file may have; the route gives it to the multipart parser. */
  get limiteBytes(): number {
    return this.maxBytes;
  }

  private repo(tx: DbOrTx = this.db) {
    return new FilesRepository(tx);
  }

  private aArchivo(ordenId: number, r: ArchivoFila, puedeEliminar: boolean): Archivo {
    const params = { ordenId, archivoId: r.id };
    return comoArchivo(r, urlDe(RUTAS.descargarArchivo, params), urlDe(RUTAS.miniatura, params), puedeEliminar);
  }

  /** GET /api/v2/archivos/{id}: whoever sees the order sees its files; inside a transaction with `tx`. */
  async list(actor: Actor, ordenId: number, tx?: DbOrTx): Promise<Archivo[]> {
    const acc = await this.orders.acceso(actor, ordenId, tx ? { tx } : {});
    const rows = await this.repo(tx).list(actor.entidadId, ordenId);
    return rows.map((r) => this.aArchivo(ordenId, r, puedeQuitar(actor, acc.modificar)));
  }

  /**
   * POST /api/v2/archivos/{id}/add as multipart: stores every file (streamed, checked while it
   * flows), makes thumbnails, then in one transaction records the new files, removes those of
   * archivosBorrados, and writes one history event per file. Any failure leaves nothing behind.
   */
  async create(actor: Actor, ordenId: number, partes: AsyncIterable<Parte>): Promise<Archivo[]> {
    const acc = await this.orders.acceso(actor, ordenId);
    if (!acc.modificar) throw AppError.forbidden(MENSAJES_ARCHIVOS.soloLectura);
    const borrar = new Set<number>();
    const recibidos = await this.recibir(`e${actor.entidadId}/o${ordenId}`, partes, (campo, valor) => {
      if (campo === 'archivosBorrados' || campo === 'archivosBorrados[]')
        for (const id of idsDeCampo(valor)) borrar.add(id);
    });
    try {
      // An outsider's link adds files and never removes one, in whatever body the removal comes.
      if (actor.externo && borrar.size) throw AppError.forbidden(MENSAJES_EXTERNO.soloAgregarArchivos);
      if (!recibidos.nuevos.length && !borrar.size) throw AppError.invalid('archivos', MENSAJES_ARCHIVOS.sinArchivos);
      return await this.confirmar(actor, ordenId, recibidos.nuevos, [...borrar]);
    } catch (e) {
      await recibidos.descartar();
      throw traducirError(e, this.maxMb);
    }
  }

  /**
   * The files of a multipart upload (part `archivos`, one per file), stored under `carpeta` as they
   * flow: each name checked, the real type read from the first bytes (refused before a byte is
   * stored), the size and the count limited, then a thumbnail of each image. The other fields go
   * to `alCampo`. Any failure removes what was written and throws the Spanish error; `descartar`
   * removes it for a caller whose own step fails afterwards. For other modules' files too (an
   * equipo's photos, issue 32).
   */
  async recibir(
    carpeta: string,
    partes: AsyncIterable<Parte>,
    alCampo: (campo: string, valor: string) => void = () => undefined,
  ): Promise<{ nuevos: ArchivoRecibido[]; descartar: () => Promise<void> }> {
    const nuevos: ArchivoRecibido[] = [];
    const escritas: string[] = [];
    const descartar = async () => {
      await Promise.allSettled(escritas.map((k) => this.storage.delete(k)));
    };
    try {
      for await (const p of partes) {
        if (p.tipo === 'campo') {
          alCampo(p.campo, p.valor);
          continue;
        }
        if (nuevos.length >= LIMITES_ARCHIVOS.porEnvio)
          throw new AppError('DEMASIADO_GRANDE', MENSAJES_ARCHIVOS.demasiados, { field: 'archivos' });
        const nombre = validarNombre(p.nombre);
        const clave = `${carpeta}/${randomUUID()}`;
        escritas.push(clave);
        const insp = new Inspector(nombre);
        p.stream.once('limit', () => {
          insp.destroy(
            new AppError('DEMASIADO_GRANDE', MENSAJES_ARCHIVOS.grande(nombre, this.maxMb), { field: 'archivos' }),
          );
        });
        const [feed, put] = await Promise.allSettled([pipeline(p.stream, insp), this.storage.put(clave, insp)]);
        const fallo = [feed, put].find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (fallo) {
          const app = [feed, put].find((r) => r.status === 'rejected' && r.reason instanceof AppError) as
            PromiseRejectedResult | undefined;
          throw (app ?? fallo).reason;
        }
        if (p.stream.truncated)
          throw new AppError('DEMASIADO_GRANDE', MENSAJES_ARCHIVOS.grande(nombre, this.maxMb), { field: 'archivos' });
        if (!insp.tipo) throw new Error('tipo no decidido');
        nuevos.push({
          clave,
          claveMiniatura: null,
          nombre,
          mime: insp.tipo.mime,
          esImagen: insp.tipo.esImagen,
          tamanio: insp.bytes,
          sha256: insp.sha256,
        });
      }
      for (const n of nuevos) {
        if (!n.esImagen) continue;
        n.claveMiniatura = await this.hacerMiniatura(n);
        if (n.claveMiniatura) escritas.push(n.claveMiniatura);
      }
      return { nuevos, descartar };
    } catch (e) {
      await descartar();
      throw traducirError(e, this.maxMb);
    }
  }

  /**
   * A stored file to send (its bytes or its thumbnail's), for a caller that decided it may be read;
   * 404 in Spanish when the bytes are gone.
   */
  async descargaDeClave(
    f: { nombre: string; mime: string; clave: string; claveMiniatura: string | null },
    miniatura = false,
  ): Promise<Descarga> {
    const clave = miniatura ? f.claveMiniatura : f.clave;
    if (!clave) throw AppError.notFound('Este archivo no tiene miniatura.');
    const st = await this.storage.stat(clave);
    if (!st) throw AppError.notFound('El contenido del archivo no está disponible.');
    const nombre = miniatura ? `${f.nombre.replace(/\.[^.]+$/, '')}-miniatura.jpg` : f.nombre;
    return {
      nombre,
      mime: miniatura ? 'image/jpeg' : f.mime,
      tamanio: st.size,
      abrir: (rango) => this.storage.get(clave, rango),
    };
  }

  /** Removes stored bytes (rows already gone); a failure only leaves an unreachable blob behind. */
  async borrarBytes(filas: readonly { clave: string; claveMiniatura: string | null }[]): Promise<void> {
    await Promise.allSettled(
      filas
        .flatMap((q) => [q.clave, q.claveMiniatura].filter((k): k is string => !!k))
        .map((k) => this.storage.delete(k)),
    );
  }

  /** POST /api/v2/archivos/{id}/add as JSON: removals only. */
  async delete(actor: Actor, ordenId: number, ids: number[]): Promise<Archivo[]> {
    const acc = await this.orders.acceso(actor, ordenId);
    if (!acc.modificar) throw AppError.forbidden(MENSAJES_ARCHIVOS.soloLectura);
    if (actor.externo) throw AppError.forbidden(MENSAJES_EXTERNO.soloAgregarArchivos);
    if (!ids.length) throw AppError.invalid('archivosBorrados', MENSAJES_ARCHIVOS.sinArchivos);
    return this.confirmar(actor, ordenId, [], [...new Set(ids)]);
  }

  private async confirmar(
    actor: Actor,
    ordenId: number,
    nuevos: ArchivoRecibido[],
    borrar: number[],
  ): Promise<Archivo[]> {
    const now = this.clock.now();
    const { quitados, lista } = await this.db.transaction(async (tx) => {
      const acc = await this.orders.acceso(actor, ordenId, { tx, bloquear: true });
      if (!acc.modificar) throw AppError.forbidden(MENSAJES_ARCHIVOS.soloLectura);
      const repo = this.repo(tx);
      const quitados = await repo.delete(actor.entidadId, ordenId, borrar);
      if (quitados.length !== borrar.length) throw AppError.notFound(MENSAJES_ARCHIVOS.noExiste);
      const { agregados } = await this.insertarRecibidos(tx, actor, ordenId, nuevos, now);
      // Removals, then uploads: one event each in the order's history, written at once.
      await this.orders.insertEventos(tx, actor, ordenId, [
        ...quitados.map((q) => ({
          tipo: 'ARCHIVO_ELIMINADO',
          fecha: now,
          datos: { archivoId: q.id, nombre: q.nombre },
        })),
        ...agregados,
      ]);
      return { quitados, lista: await responderEnTransaccion(tx, await this.list(actor, ordenId, tx)) };
    });
    // The rows are gone: their bytes go too.
    await this.borrarBytes(quitados);
    this.bus.publish({ type: 'orden.modificada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id });
    return lista;
  }

  /** A 320 px JPEG of the image (EXIF orientation applied, transparency on white). HEIC may not decode: no thumbnail then. */
  private async hacerMiniatura(n: ArchivoRecibido): Promise<string | null> {
    const clave = `${n.clave}.min.jpg`;
    const lado = LIMITES_ARCHIVOS.ladoMiniatura;
    // sharp (libvips) is loaded on the first image, not with the server (issue 18).
    const { default: sharp } = await import('sharp');
    const transform = sharp({ failOn: 'error', limitInputPixels: 100_000_000, animated: false })
      .rotate()
      .resize(lado, lado, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 });
    const src = await this.storage.get(n.clave);
    const [a, b] = await Promise.allSettled([pipeline(src, transform), this.storage.put(clave, transform)]);
    if (a.status === 'fulfilled' && b.status === 'fulfilled') return clave;
    await this.storage.delete(clave);
    if (n.mime === 'image/heic') return null;
    throw AppError.invalid('archivos', MENSAJES_ARCHIVOS.imagenIlegible(n.nombre));
  }

  /** A file (or its thumbnail) of an order the actor sees; 404 for a file of another order or company. */
  async descarga(actor: Actor, ordenId: number, archivoId: number, miniatura = false): Promise<Descarga> {
    await this.orders.acceso(actor, ordenId);
    return this.descargaDeEmpresa(actor.entidadId, ordenId, archivoId, miniatura);
  }

  /**
   * A file of an order of `entidadId`, for a caller that has already decided it may be read (the
   * public link of the client's side checks its token and that the company shared the file).
   */
  async descargaDeEmpresa(entidadId: number, ordenId: number, archivoId: number, miniatura = false): Promise<Descarga> {
    const r = await this.repo().find(entidadId, ordenId, archivoId);
    if (!r) throw AppError.notFound(MENSAJES_ARCHIVOS.noExiste);
    return this.descargaDeClave(r, miniatura);
  }

  /**
   * For receipts of expenses and checklists' photos: the names of the order's files among `ids`
   * (others are absent; with `soloImagenes`, files that are not images too); inside the caller's
   * transaction with `tx`.
   */
  async nombresEnOrden(
    actor: Actor,
    ordenId: number,
    ids: number[],
    tx?: DbOrTx,
    opciones: { soloImagenes?: boolean } = {},
  ): Promise<Map<number, string>> {
    const rows = await this.repo(tx).nombres(actor.entidadId, ordenId, ids, opciones.soloImagenes);
    return new Map(rows.map((r) => [r.id, r.nombre]));
  }

  /**
   * For other modules (a checklist's follow-up order): copies files of order `desde` to order
   * `hacia` inside the caller's transaction, which decided both may be written: the bytes (and the
   * thumbnail) under new keys, a row each, and an ARCHIVO_AGREGADO event each in `hacia`'s history.
   * Files of other orders or companies among `ids` are left out. `deshacer` removes the copied
   * bytes, for the caller whose transaction did not commit.
   */
  async copiarEnTransaccion(
    tx: DbOrTx,
    actor: Actor,
    desde: number,
    hacia: number,
    ids: number[],
  ): Promise<{ copias: { id: number; nombre: string }[]; deshacer: () => Promise<void> }> {
    const filas = await this.repo(tx).filas(actor.entidadId, desde, ids);
    const escritas: string[] = [];
    const deshacer = async () => {
      await Promise.allSettled(escritas.map((k) => this.storage.delete(k)));
    };
    const now = this.clock.now();
    try {
      const nuevas = [];
      for (const f of filas) {
        const clave = `e${actor.entidadId}/o${hacia}/${randomUUID()}`;
        escritas.push(clave);
        await this.storage.put(clave, await this.storage.get(f.clave));
        let claveMiniatura: string | null = null;
        if (f.claveMiniatura) {
          claveMiniatura = `${clave}.min.jpg`;
          escritas.push(claveMiniatura);
          await this.storage.put(claveMiniatura, await this.storage.get(f.claveMiniatura));
        }
        nuevas.push({ ...f, id: undefined, ordenId: hacia, clave, claveMiniatura, usuarioId: actor.id, creado: now });
      }
      const insertadas = await this.repo(tx).insert(nuevas.map(({ id: _id, ...n }) => n));
      await this.orders.insertEventos(
        tx,
        actor,
        hacia,
        nuevas.map((n, i) => ({
          tipo: 'ARCHIVO_AGREGADO',
          fecha: now,
          datos: { archivoId: insertadas[i]?.id ?? null, nombre: n.nombre, tipo: n.mime, tamanio: n.tamanio },
        })),
      );
      return { copias: nuevas.map((n, i) => ({ id: insertadas[i]?.id ?? 0, nombre: n.nombre })), deshacer };
    } catch (e) {
      await deshacer();
      throw e;
    }
  }

  /**
   * For other modules (an accepted request's photos, issue 33): attaches bytes already in the
   * storage (`fuentes`, by their keys; the caller decided the order may be written) to order
   * `ordenId` inside the caller's transaction. Each is read again through `recibir` (name, real
   * type by its bytes, thumbnail) into a new key under the order, gets a row and an
   * ARCHIVO_AGREGADO event; the sources stay as they are. `deshacer` removes the new bytes, for the
   * caller whose transaction did not commit.
   */
  async adjuntarEnTransaccion(
    tx: DbOrTx,
    actor: Actor,
    ordenId: number,
    fuentes: readonly { clave: string; nombre: string }[],
  ): Promise<{ copias: { id: number; nombre: string }[]; deshacer: () => Promise<void> }> {
    if (!fuentes.length) return { copias: [], deshacer: async () => undefined };
    const storage = this.storage;
    async function* partes(): AsyncIterable<Parte> {
      for (const f of fuentes) {
        yield { tipo: 'archivo', campo: 'archivos', nombre: f.nombre, stream: await storage.get(f.clave) };
      }
    }
    const { nuevos, descartar } = await this.recibir(`e${actor.entidadId}/o${ordenId}`, partes());
    try {
      const { ids, agregados } = await this.insertarRecibidos(tx, actor, ordenId, nuevos, this.clock.now());
      await this.orders.insertEventos(tx, actor, ordenId, agregados);
      return { copias: nuevos.map((n, i) => ({ id: ids[i]?.id ?? 0, nombre: n.nombre })), deshacer: descartar };
    } catch (e) {
      await descartar();
      throw e;
    }
  }

  /** The rows of files received for an order, in the caller's transaction, and their ARCHIVO_AGREGADO events to write. */
  private async insertarRecibidos(tx: DbOrTx, actor: Actor, ordenId: number, nuevos: ArchivoRecibido[], now: Date) {
    const ids = await this.repo(tx).insert(
      nuevos.map((n) => ({
        entidadId: actor.entidadId,
        ordenId,
        nombre: n.nombre,
        mime: n.mime,
        tamanio: n.tamanio,
        sha256: n.sha256,
        esImagen: n.esImagen,
        clave: n.clave,
        claveMiniatura: n.claveMiniatura,
        usuarioId: actor.id,
        creado: now,
      })),
    );
    const agregados = nuevos.map((n, i) => ({
      tipo: 'ARCHIVO_AGREGADO',
      fecha: now,
      datos: { archivoId: ids[i]?.id ?? null, nombre: n.nombre, tipo: n.mime, tamanio: n.tamanio },
    }));
    return { ids, agregados };
  }

  /** For the printed report: the order's files, and a way to read each image's thumbnail. */
  async paraImprimir(
    actor: Actor,
    ordenId: number,
  ): Promise<{ archivo: Archivo; leerMiniatura: (() => Promise<Buffer>) | null }[]> {
    const acc = await this.orders.acceso(actor, ordenId);
    const rows = await this.repo().list(actor.entidadId, ordenId);
    return rows.map((r) => ({
      archivo: this.aArchivo(ordenId, r, puedeQuitar(actor, acc.modificar)),
      leerMiniatura: r.claveMiniatura
        ? async () => {
            const chunks: Buffer[] = [];
            for await (const c of await this.storage.get(r.claveMiniatura as string)) chunks.push(c as Buffer);
            return Buffer.concat(chunks);
          }
        : null,
    }));
  }

  /**
   * GET /api/v2/descargarZip/{id}: a ZIP of every file of the order, built while it is sent (one
   * file open at a time, nothing held in memory). An order without files is a 404 with a message.
   */
  async zip(actor: Actor, ordenId: number): Promise<{ nombre: string; stream: Readable }> {
    const { orden } = await this.orders.acceso(actor, ordenId);
    const rows = await this.repo().list(actor.entidadId, ordenId);
    if (!rows.length) throw AppError.notFound(MENSAJES_ARCHIVOS.zipVacio);
    const nombres = nombresUnicos(rows.map((r) => r.nombre));
    const { ZipArchive } = await import('archiver');
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const escribir = async () => {
      const faltantes: string[] = [];
      for (const [i, r] of rows.entries()) {
        if (archive.destroyed) return;
        if (!(await this.storage.stat(r.clave))) {
          faltantes.push(r.nombre);
          continue;
        }
        const src = await this.storage.get(r.clave);
        const terminada = entradaTerminada(archive);
        archive.append(src, {
          name: nombres[i] ?? r.nombre,
          date: horaDeZip(r.creado),
          store: !COMPRIMIBLES.some((c) => r.mime.startsWith(c)),
        });
        await terminada;
      }
      if (faltantes.length) {
        archive.append(`No se encontró el contenido de:\n${faltantes.join('\n')}\n`, {
          name: 'ARCHIVOS-FALTANTES.txt',
          date: horaDeZip(this.clock.now()),
        });
      }
      await archive.finalize();
    };
    escribir().catch((e: unknown) => {
      if (!archive.destroyed) archive.destroy(e as Error);
    });
    return { nombre: `orden-${orden.numero}-archivos.zip`, stream: archive };
  }
}

/**
 * The time of a ZIP entry. A ZIP's time has no zone and archiver writes the Date's UTC fields, so
 * they must read as the company's wall clock (an upload at 14:13 in Buenos Aires showed 17:13).
 */
function horaDeZip(d: Date): Date {
  return new Date(relojComoUtc(d.getTime(), ZONA_HORARIA_EMPRESA_POR_DEFECTO));
}

/** Errors of the multipart parser, in Spanish. */
export function traducirError(e: unknown, maxMb: number): unknown {
  const malFormado = () =>
    AppError.invalid('archivos', 'El envío de archivos está mal formado. No se guardó ningún archivo.');
  return traducirFalloMultipart(e, {
    archivoGrande: () =>
      new AppError(
        'DEMASIADO_GRANDE',
        `Un archivo supera el tamaño máximo de ${formatoMb(maxMb)} MB. No se guardó ningún archivo.`,
        { field: 'archivos' },
      ),
    demasiadosArchivos: () => new AppError('DEMASIADO_GRANDE', MENSAJES_ARCHIVOS.demasiados, { field: 'archivos' }),
    demasiadosCampos: () =>
      new AppError('DEMASIADO_GRANDE', 'El envío tiene demasiados campos.', { field: 'archivos' }),
    campoInvalido: () => AppError.invalid('archivos', 'El envío de archivos tiene un campo no válido.'),
    // «the request is not multipart»: read, like any other, as a malformed body.
    noMultipart: malFormado,
    interrumpido: () =>
      AppError.invalid('archivos', 'La subida se interrumpió antes de terminar. No se guardó ningún archivo.'),
    malFormado,
  });
}
