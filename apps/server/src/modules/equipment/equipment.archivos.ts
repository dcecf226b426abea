import { RUTAS, urlDe, type Archivo } from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import type { Descarga, Parte, PuertoArchivos } from '../files/index.js';
import { EquipmentRepository, type ArchivoDeEquipo } from './equipment.repository.js';

const SIN_ARCHIVO = 'El archivo no existe o no es de este equipo.';

/** What the equipo's files need of the equipment service: reading the equipo, and the write rule. */
export interface AccesoEquipo {
  findEquipo(actor: Actor, id: number): Promise<unknown>;
  puedeEscribir(actor: Actor): boolean;
  exigirEscritura(actor: Actor): void;
}

/**
 * Photos and files of an equipo (issue 32): kept in `equipo_archivos`, received, checked, stored
 * and sent by the files module (its `recibir`, `descargaDeClave`, `borrarBytes`): the same names,
 * types, sizes and thumbnails as an order's files. Whoever reads the equipo reads its files;
 * adding and removing them is writing the equipo.
 */
export class EquipmentFiles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: Pick<PuertoArchivos, 'recibir' | 'descargaDeClave' | 'borrarBytes'>,
    private readonly equipos: AccesoEquipo,
  ) {}

  private aArchivo(equipoId: number, r: ArchivoDeEquipo, puedeEliminar: boolean): Archivo {
    const params = { id: equipoId, archivoId: r.id };
    return {
      id: r.id,
      nombre: r.nombre,
      tipo: r.mime,
      tamanio: r.tamanio,
      usuario: { id: r.usuarioId, nombre: r.usuarioNombre, apellido: r.usuarioApellido },
      fecha: new Date(r.creado).getTime(),
      esImagen: r.esImagen,
      miniatura: r.claveMiniatura ? urlDe(RUTAS.miniaturaArchivoEquipo, params) : null,
      url: urlDe(RUTAS.descargarArchivoEquipo, params),
      puedeEliminar,
    };
  }

  async list(actor: Actor, equipoId: number): Promise<Archivo[]> {
    await this.equipos.findEquipo(actor, equipoId);
    return this.filas(actor, equipoId, new EquipmentRepository(this.db));
  }

  /** The equipo's files as the actor sees them, once the equipo was found for them (also inside a transaction). */
  private async filas(actor: Actor, equipoId: number, repo: EquipmentRepository): Promise<Archivo[]> {
    const filas = await repo.listArchivos(actor.entidadId, equipoId);
    const puede = this.equipos.puedeEscribir(actor);
    return filas.map((r) => this.aArchivo(equipoId, r, puede));
  }

  /** POST multipart: every file stored and checked first, then their rows in one transaction; nothing left on failure. */
  async create(actor: Actor, equipoId: number, partes: AsyncIterable<Parte>): Promise<Archivo[]> {
    this.equipos.exigirEscritura(actor);
    await this.equipos.findEquipo(actor, equipoId);
    const { nuevos, descartar } = await this.files.recibir(`e${actor.entidadId}/q${equipoId}`, partes);
    try {
      if (!nuevos.length) throw AppError.invalid('archivos', 'No se recibió ningún archivo.');
      const creado = this.clock.now();
      return await this.db.transaction(async (tx) => {
        const repo = new EquipmentRepository(tx);
        if (!(await repo.lockEquipo(actor.entidadId, equipoId))) throw AppError.notFound('No se encontró el equipo.');
        await repo.insertArchivos(
          nuevos.map((n) => ({ entidadId: actor.entidadId, equipoId, usuarioId: actor.id, creado, ...n })),
        );
        return responderEnTransaccion(tx, await this.filas(actor, equipoId, repo));
      });
    } catch (e) {
      await descartar();
      throw e;
    }
  }

  async delete(actor: Actor, equipoId: number, archivoId: number): Promise<Archivo[]> {
    this.equipos.exigirEscritura(actor);
    await this.equipos.findEquipo(actor, equipoId);
    const quitado = await new EquipmentRepository(this.db).deleteArchivo(actor.entidadId, equipoId, archivoId);
    if (!quitado) throw AppError.notFound(SIN_ARCHIVO);
    await this.files.borrarBytes([quitado]);
    return this.list(actor, equipoId);
  }

  async descarga(actor: Actor, equipoId: number, archivoId: number, miniatura = false): Promise<Descarga> {
    await this.equipos.findEquipo(actor, equipoId);
    const r = await new EquipmentRepository(this.db).findArchivo(actor.entidadId, equipoId, archivoId);
    if (!r) throw AppError.notFound(SIN_ARCHIVO);
    return this.files.descargaDeClave(r, miniatura);
  }
}
