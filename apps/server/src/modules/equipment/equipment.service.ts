import { randomBytes } from 'node:crypto';
import {
  esAdmin,
  FORMA_CODIGO_QR,
  LIMITES_EQUIPOS,
  rutaQr,
  tienePermiso,
  type Equipo,
  type HistorialEquipo,
  type ImportarResultado,
  type PaginaEquipos,
  type QrResuelto,
  type UbicacionCliente,
  type zEquipoGuardar,
  type zEquiposQuery,
  type zHistorialQuery,
  type zImportarEquipos,
  type zUbicacionesQuery,
  type zUbicacionGuardar,
} from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoArchivos } from '../files/index.js';
import { visibilidad, type PuertoOrdenes } from '../orders/index.js';
import {
  EquipmentRepository,
  type EquipoDatos,
  type EquipoFila,
  type LugarQr,
  type UbicacionFila,
} from './equipment.repository.js';
import { importarEquipos } from './equipment.importar.js';
import { pdfDeEtiquetas } from './etiquetas.js';

const SIN_UBICACION = 'No se encontró la ubicación.';
const SIN_EQUIPO = 'No se encontró el equipo.';
const SIN_CLIENTE = 'El cliente indicado no existe.';
const SIN_PERMISO_ESCRIBIR = 'Para cargar o cambiar ubicaciones y equipos necesita el permiso «Clientes».';

/** A new QR code: 128 random bits, base64url without padding (22 characters). */
export function nuevoCodigoQr(): string {
  return randomBytes(16).toString('base64url');
}

export interface DepsEquipment {
  /** The history's page and its conditions (what the actor may see), and the clients of the orders the actor sees. */
  orders: Pick<PuertoOrdenes, 'lista' | 'condicionesDeLista' | 'clientesUsados'>;
  /** PUBLIC_URL: a label's QR encodes PUBLIC_URL/q/<codigoQr>. */
  publicUrl: string;
  /** The bytes of a deleted equipo's files. */
  files: Pick<PuertoArchivos, 'borrarBytes'>;
}

/**
 * Sites and equipment of the clients (issue 32, docs/EQUIPOS.md). Reading: whoever sees orders of
 * the client (every client for admins and holders of the global modificarOrden; otherwise the
 * clients they hold a per-client permission on, or of orders they see). Writing: altaClientes or
 * admin, the same as the clients themselves.
 */
export class EquipmentService {
  constructor(
    readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: DepsEquipment,
  ) {}

  private repo(tx: DbOrTx = this.db) {
    return new EquipmentRepository(tx);
  }

  /** The clients whose sites and equipment the actor may read; undefined: all of the company's. */
  async clientesLegibles(actor: Actor): Promise<readonly number[] | undefined> {
    const v = visibilidad(actor);
    if (v.todo) return undefined;
    const usados = await this.deps.orders.clientesUsados(actor);
    return [...new Set([...v.clientes, ...usados.map((c) => Number(c.id))])];
  }

  private async puedeLeer(actor: Actor, clienteId: number): Promise<boolean> {
    const legibles = await this.clientesLegibles(actor);
    return legibles === undefined || legibles.includes(clienteId);
  }

  /** Writing sites and equipment (and their files): admins and holders of altaClientes. */
  puedeEscribir(actor: Actor): boolean {
    return esAdmin(actor) || tienePermiso(actor, 'altaClientes');
  }

  exigirEscritura(actor: Actor): void {
    if (!this.puedeEscribir(actor)) throw AppError.forbidden(SIN_PERMISO_ESCRIBIR);
  }

  /** The client exists in the company (any state: a site of an inactive client may still be kept). */
  private async exigirCliente(tx: DbOrTx, entidadId: number, clienteId: number): Promise<void> {
    const r = await tx.execute(sql`select 1 from clientes where id = ${clienteId} and entidad_id = ${entidadId}`);
    if (!r.rows.length) throw AppError.invalid('cliente', SIN_CLIENTE);
  }

  // ---------------------------------------------------------------- ubicaciones

  private aUbicacion(f: UbicacionFila): UbicacionCliente {
    return {
      id: f.id,
      cliente: { id: f.clienteId, nombre: f.clienteNombre },
      nombre: f.nombre,
      codigo: f.codigo,
      direccion: f.direccion,
      notas: f.notas,
      codigoQr: f.codigoQr,
      equipos: f.equipos,
    };
  }

  async listUbicaciones(actor: Actor, q: z.output<typeof zUbicacionesQuery>): Promise<UbicacionCliente[]> {
    const clientes = await this.clientesLegibles(actor);
    const filas = await this.repo().listUbicaciones(
      actor.entidadId,
      { clienteId: q.cliente, clientes, q: q.q },
      LIMITES_EQUIPOS.ubicacionesPorLista,
    );
    return filas.map((f) => this.aUbicacion(f));
  }

  async findUbicacion(actor: Actor, id: number): Promise<UbicacionCliente> {
    const f = await this.repo().findUbicacion(actor.entidadId, id);
    if (!f || !(await this.puedeLeer(actor, f.clienteId))) throw AppError.notFound(SIN_UBICACION);
    return this.aUbicacion(f);
  }

  /** POST (no id) or PUT (id) of a site: the client's, its code unique in the client. */
  async saveUbicacion(
    actor: Actor,
    id: number | null,
    b: z.output<typeof zUbicacionGuardar>,
  ): Promise<UbicacionCliente> {
    this.exigirEscritura(actor);
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const actual = id ? await repo.findUbicacion(actor.entidadId, id) : undefined;
      if (id && !actual) throw AppError.notFound(SIN_UBICACION);
      await this.exigirCliente(tx, actor.entidadId, b.cliente);
      if (b.codigo && (await repo.codigoUbicacionTomado(b.cliente, b.codigo, actual?.id))) {
        throw new AppError('CONFLICTO', `El cliente ya tiene una ubicación con el código «${b.codigo}».`, {
          field: 'codigo',
        });
      }
      if (actual && actual.clienteId !== b.cliente) {
        const usos = await repo.usosDeUbicacion(actor.entidadId, actual.id);
        const planes = await repo.planesQueNombran(actor.entidadId, 'ubicacion', actual.id);
        if (usos.equipos || usos.ordenes || planes) {
          throw AppError.invalid(
            'cliente',
            'La ubicación tiene equipos, órdenes o planes de mantenimiento: no se puede pasar a otro cliente.',
          );
        }
      }
      const datos = {
        clienteId: b.cliente,
        nombre: b.nombre,
        codigo: b.codigo ?? null,
        direccion: b.direccion ?? null,
        notas: b.notas ?? null,
      };
      let nuevoId: number;
      if (actual) {
        await repo.updateUbicacion(actor.entidadId, actual.id, datos);
        nuevoId = actual.id;
      } else {
        nuevoId = await repo.insertUbicacion(actor.entidadId, datos, nuevoCodigoQr());
      }
      // Read through the transaction only: the writer may read what they wrote.
      return this.aUbicacion((await repo.findUbicacion(actor.entidadId, nuevoId)) as UbicacionFila);
    });
  }

  /** Refused (409) while a maintenance plan, equipos or orders name the site. */
  async deleteUbicacion(actor: Actor, id: number): Promise<void> {
    this.exigirEscritura(actor);
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.findUbicacion(actor.entidadId, id))) throw AppError.notFound(SIN_UBICACION);
      const usos = await repo.usosDeUbicacion(actor.entidadId, id);
      const planes = await repo.planesQueNombran(actor.entidadId, 'ubicacion', id);
      if (planes) throw new AppError('CONFLICTO', mensajePlanes('la ubicación', 'la', planes));
      if (usos.equipos || usos.ordenes) {
        throw new AppError(
          'CONFLICTO',
          `No se puede borrar la ubicación: tiene ${usos.equipos} equipo(s) y ${usos.ordenes} orden(es). Mueva o borre los equipos antes.`,
        );
      }
      await repo.deleteUbicacion(actor.entidadId, id);
    });
  }

  // ---------------------------------------------------------------- equipos

  private aEquipo(f: EquipoFila): Equipo {
    return {
      id: f.id,
      nombre: f.nombre,
      codigo: f.codigo,
      cliente: { id: f.clienteId, nombre: f.clienteNombre },
      ubicacion: f.ubicacionId != null ? { id: f.ubicacionId, nombre: f.ubicacionNombre ?? '' } : null,
      ubicacionInterna: f.ubicacionInterna,
      marca: f.marca,
      modelo: f.modelo,
      serie: f.serie,
      notas: f.notas,
      codigoQr: f.codigoQr,
      creado: new Date(f.creado).getTime(),
      actualizado: new Date(f.actualizado).getTime(),
    };
  }

  async listEquipos(actor: Actor, q: z.output<typeof zEquiposQuery>): Promise<PaginaEquipos> {
    const clientes = await this.clientesLegibles(actor);
    const { filas, total } = await this.repo().listEquipos(
      actor.entidadId,
      { clienteId: q.cliente, ubicacionId: q.ubicacion, clientes, q: q.q },
      { limite: q.porPagina, desde: q.pagina * q.porPagina },
    );
    return { equipos: filas.map((f) => this.aEquipo(f)), total, pagina: q.pagina, porPagina: q.porPagina };
  }

  async findEquipo(actor: Actor, id: number): Promise<Equipo> {
    const f = await this.repo().findEquipo(actor.entidadId, id);
    if (!f || !(await this.puedeLeer(actor, f.clienteId))) throw AppError.notFound(SIN_EQUIPO);
    return this.aEquipo(f);
  }

  /** The stored fields of an equipo from what was sent. */
  private datosEquipo(b: z.output<typeof zEquipoGuardar>): EquipoDatos {
    return {
      clienteId: b.cliente,
      ubicacionId: b.ubicacion ?? null,
      nombre: b.nombre,
      codigo: b.codigo ?? null,
      ubicacionInterna: b.ubicacionInterna ?? null,
      marca: b.marca ?? null,
      modelo: b.modelo ?? null,
      serie: b.serie ?? null,
      notas: b.notas ?? null,
    };
  }

  /** POST (no id) or PUT (id) of an equipo: the client's, at one of its sites, its code unique in the company. */
  async saveEquipo(actor: Actor, id: number | null, b: z.output<typeof zEquipoGuardar>): Promise<Equipo> {
    this.exigirEscritura(actor);
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const actual = id ? await repo.findEquipo(actor.entidadId, id) : undefined;
      if (id && !actual) throw AppError.notFound(SIN_EQUIPO);
      await this.exigirCliente(tx, actor.entidadId, b.cliente);
      if (b.ubicacion != null) {
        const u = await repo.findUbicacion(actor.entidadId, b.ubicacion);
        if (!u || u.clienteId !== b.cliente) {
          throw AppError.invalid('ubicacion', 'La ubicación indicada no existe o no es del cliente del equipo.');
        }
      }
      if (b.codigo && (await repo.codigoEquipoTomado(actor.entidadId, b.codigo, actual?.id))) {
        throw new AppError('CONFLICTO', `Ya hay un equipo con el código «${b.codigo}».`, { field: 'codigo' });
      }
      if (
        actual &&
        actual.clienteId !== b.cliente &&
        ((await repo.ordenesDeEquipo(actor.entidadId, actual.id)) ||
          (await repo.planesQueNombran(actor.entidadId, 'equipo', actual.id)))
      ) {
        throw AppError.invalid(
          'cliente',
          'El equipo tiene órdenes o planes de mantenimiento: no se puede pasar a otro cliente.',
        );
      }
      const datos = this.datosEquipo(b);
      let nuevoId: number;
      if (actual) {
        await repo.updateEquipo(actor.entidadId, actual.id, datos);
        nuevoId = actual.id;
      } else {
        nuevoId = await repo.insertEquipo(actor.entidadId, datos, nuevoCodigoQr());
      }
      return this.aEquipo((await repo.findEquipo(actor.entidadId, nuevoId)) as EquipoFila);
    });
  }

  /**
   * Refused (409) while a maintenance plan or an order names it (the plan would go on without it,
   * the order's history would lose it). Its files go with it.
   */
  async deleteEquipo(actor: Actor, id: number): Promise<void> {
    this.exigirEscritura(actor);
    const archivos = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.findEquipo(actor.entidadId, id))) throw AppError.notFound(SIN_EQUIPO);
      const planes = await repo.planesQueNombran(actor.entidadId, 'equipo', id);
      if (planes) throw new AppError('CONFLICTO', mensajePlanes('el equipo', 'lo', planes));
      const n = await repo.ordenesDeEquipo(actor.entidadId, id);
      if (n) {
        throw new AppError(
          'CONFLICTO',
          `No se puede borrar el equipo: ${n === 1 ? 'una orden lo nombra' : `${n} órdenes lo nombran`} y perderían su historial.`,
        );
      }
      const suyos = await repo.listArchivos(actor.entidadId, id);
      await repo.deleteEquipo(actor.entidadId, id);
      return suyos;
    });
    await this.deps.files.borrarBytes(archivos);
  }

  /** POST /api/v4/equipos/importar (equipment.importar.ts). */
  async importar(actor: Actor, pedido: z.output<typeof zImportarEquipos>): Promise<ImportarResultado> {
    this.exigirEscritura(actor);
    return importarEquipos(this.db, actor, pedido, nuevoCodigoQr);
  }

  // ---------------------------------------------------------------- QR, labels, history

  /** GET /api/v4/qr/:codigo: a code of another company, of a client the actor may not read, or malformed, is a 404. */
  async resolverQr(actor: Actor, codigo: string): Promise<QrResuelto> {
    if (!FORMA_CODIGO_QR.test(codigo)) throw AppError.notFound('No se encontró el código.');
    const r = await this.repo().resolverQr(actor.entidadId, codigo);
    if (!r) throw AppError.notFound('No se encontró el código.');
    // Whether the actor may read it: the same 404 as a code that does not exist.
    if (r.tipo === 'equipo') await this.findEquipo(actor, r.id);
    else await this.findUbicacion(actor, r.id);
    return r;
  }

  /**
   * For the public request form (issue 33, docs/SOLICITUDES.md): the equipo or site a QR code
   * names, of an active client, with its company; undefined for a malformed or unknown code (the
   * caller answers both alike). No actor: the code is what the label shows anyone.
   */
  async lugarDeQr(codigo: string): Promise<LugarQr | undefined> {
    if (!FORMA_CODIGO_QR.test(codigo)) return undefined;
    return this.repo().lugarDeQr(codigo);
  }

  /** The labels' PDF of the equipos asked for, in the order asked; one not found (or not readable) is a 404. */
  async etiquetas(actor: Actor, ids: readonly number[]): Promise<PDFKit.PDFDocument> {
    const filas = await this.repo().equiposPorIds(actor.entidadId, ids);
    const legibles = await this.clientesLegibles(actor);
    const porId = new Map(
      filas.filter((f) => legibles === undefined || legibles.includes(f.clienteId)).map((f) => [f.id, f]),
    );
    const faltan = ids.filter((id) => !porId.has(id));
    if (faltan.length) throw AppError.notFound(`No se encontraron los equipos ${faltan.join(', ')}.`);
    return pdfDeEtiquetas(
      ids.map((id) => {
        const f = porId.get(id) as EquipoFila;
        return { nombre: f.nombre, codigo: f.codigo, url: `${this.deps.publicUrl}${rutaQr(f.codigoQr)}` };
      }),
    );
  }

  /**
   * GET /api/v4/equipos/:id/ordenes: the order list's page filtered by the equipo (the same
   * statements, visibility and paging), and the totals of every order of it the actor sees.
   */
  async historial(actor: Actor, id: number, q: z.output<typeof zHistorialQuery>): Promise<HistorialEquipo> {
    await this.findEquipo(actor, id);
    const filtros = { equipo: id, campoFecha: 'creada', orden: 'recientes', ...q } as const;
    const pagina = await this.deps.orders.lista(actor, filtros);
    const donde = this.deps.orders.condicionesDeLista(actor, filtros, this.clock.now());
    const totales = await this.repo().totalesDeOrdenes(actor.entidadId, donde);
    return { ...pagina, totales };
  }
}

/** The refusal to delete a site or an equipo that scheduled maintenance still names. */
function mensajePlanes(que: string, pronombre: 'lo' | 'la', n: number): string {
  const quien =
    n === 1 ? `un plan de mantenimiento ${pronombre} nombra` : `${n} planes de mantenimiento ${pronombre} nombran`;
  return `No se puede borrar ${que}: ${quien}. Cambie o borre esos planes antes.`;
}
