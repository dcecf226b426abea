import {
  ESTADO,
  ESTADOS,
  MENSAJES,
  TRANSICIONES,
  esEstadoValido,
  estadoInfo,
  requiereFinalizar,
  tienePermiso,
  tienePermisoCliente,
  transicionPermitida,
  zCambioEstado,
  zCambioResponsable,
  zFiltros,
  zOrdenGuardar,
  type Estado,
  type EventoOrden,
  type OrdenDetalle,
  type OrdenGuardada,
  type OrdenResumen,
  type PaginaOrdenes,
  type Persona,
} from '@delego/contract';
import type { z } from 'zod';
import type { Consultar, Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { DomainEvent, EventBus } from '../../lib/bus.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PlansService } from '../plans/plans.service.js';
import { describirEvento } from './orders.eventos.js';
import { estadosSiguientes, puedeBorrar, puedeCambiarEstado, puedeCrear, puedeModificar, veTodo, type OrdenAcceso } from './orders.policy.js';
import { OrdersRepository, type CursorExport, type NuevaOrden, type OrdenFila, type ResumenFila, type Visibilidad } from './orders.repository.js';
import { NombresCache, type Nombres } from './orders.nombres.js';
import { TenantCache } from '../../lib/tenant-cache.js';

type Guardar = z.output<typeof zOrdenGuardar>;
type Filtros = z.output<typeof zFiltros>;

const NO_EXISTE = 'La orden no existe o no tiene acceso a ella.';
const SOLO_LECTURA = 'No puede modificar esta orden: necesita el permiso modificarOrden o ser su responsable.';

/** What another module needs to know to act on an order: the order, and what the actor may do with it. */
export interface AccesoOrden {
  orden: OrdenFila;
  /** Not read-only for the actor (SPEC §5). */
  modificar: boolean;
  borrar: boolean;
}

/** One row of the Excel export. */
export interface OrdenExportada {
  id: number;
  numero: number;
  titulo: string;
  estado: string;
  cerrado: boolean;
  prioridad: string | null;
  cliente: string | null;
  tipo: string | null;
  area: string | null;
  responsables: string[];
  fechaInicio: number | null;
  fechaFin: number | null;
  finalizada: number | null;
  creada: number;
}

function visibilidad(a: Actor): Visibilidad {
  return {
    actorId: a.id,
    todo: veTodo(a),
    clientes: a.permisos.clientes
      .filter((c) => c.delegarOrden || c.modificarOrden || c.borrarOrden)
      .map((c) => c.clienteID),
  };
}

const acceso = (o: OrdenFila): OrdenAcceso => ({
  clienteId: o.clienteId,
  estadoId: o.estadoId,
  responsables: o.responsables,
  registroResponsableId: o.registroResponsableId,
});

const asObj = <T>(v: unknown): T | null => (v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

const nombrado = (id: number | null, m: Map<number, string>) => {
  const nombre = id == null ? undefined : m.get(id);
  return id == null || nombre === undefined ? null : { id, nombre };
};

/** The responsables as people, sorted by name as the screens show them. */
const personas = (ids: readonly number[], n: Nombres): Persona[] =>
  ids
    .map((id) => n.usuarios.get(id))
    .filter((p): p is Persona => p !== undefined)
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es') || a.id - b.id);

/** The key of a list page: who sees what, the filters, the order and the page. */
function clavePagina(v: Visibilidad, f: Filtros): string {
  return JSON.stringify([v.todo ? 0 : v.actorId, v.todo ? [] : v.clientes, f]);
}

/** The key of a list total: who sees what, and the filters without paging. */
function claveConteo(v: Visibilidad, f: Filtros, now: Date): string {
  const { pagina: _p, porPagina: _pp, orden: _o, ...filtros } = f;
  // "Vencidas" depends on the clock: such totals are kept for a minute at most.
  const minuto = f.vencidas ? Math.floor(now.getTime() / 60_000) : 0;
  return JSON.stringify([v.todo ? 0 : v.actorId, v.todo ? [] : v.clientes, filtros, minuto]);
}

/** Life of a cached total at most (changes drop it before; this guards against a missed event). */
const CONTEOS_TTL_MS = 60_000;

/**
 * Events after which a company's list pages and totals may differ: its orders changed, a client
 * was renamed (search matches client names), or a user's supervisor changed (supervisors see
 * their people's orders).
 */
const CAMBIAN_LISTAS = new Set([
  'orden.creada',
  'orden.modificada',
  'orden.eliminada',
  'orden.estadoCambiado',
  'orden.responsablesCambiados',
  'clientes.cambiados',
  'usuarios.cambiados',
]);

export class OrdersService {
  /** Names of each company's clients, types, areas, priorities and users, for list and detail. */
  readonly nombres: NombresCache;
  /**
   * Totals of the list per company, filters and visibility: counting every match is the one part
   * of a page whose cost grows with the company, and it only changes when an order does.
   */
  private readonly conteos: TenantCache<number>;
  /**
   * Pages of the list per company, filters, page and visibility (the orders' own columns; names
   * and "vencida" are added per request). Every change to a company's orders reaches every
   * instance as an event and drops them, so they are never older than the last change; what they
   * save is the live refresh of a company's screens after each change, when many ask the same.
   */
  private readonly paginas: TenantCache<ResumenFila[]>;
  private readonly consultar: Consultar | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly plans: PlansService,
    opciones: {
      /** The prepared reader of the hot paths; plain `db.execute` when absent. */
      consultar?: Consultar;
      /** Life of a cached page of the list; 0 turns that cache off (totals are always cached). */
      cacheListasMs?: number;
    } = {},
  ) {
    this.consultar = opciones.consultar;
    const ttl = opciones.cacheListasMs ?? 30_000;
    this.conteos = new TenantCache<number>(500, 5000, CONTEOS_TTL_MS);
    this.paginas = new TenantCache<ResumenFila[]>(50, 500, ttl);
    this.nombres = new NombresCache(db, bus);
    bus.subscribe((e) => {
      if (!CAMBIAN_LISTAS.has(e.type)) return;
      this.conteos.clear(e.entidadId);
      this.paginas.clear(e.entidadId);
    });
  }

  private repo(tx?: DbOrTx) {
    return tx ? new OrdersRepository(tx) : new OrdersRepository(this.db, this.consultar);
  }

  private publishAll(events: DomainEvent[]) {
    for (const e of events) this.bus.publish(e);
  }

  private resumen(r: ResumenFila, n: Nombres, now: number): OrdenResumen {
    const info = estadoInfo(r.estado_id);
    return {
      id: r.id,
      numero: r.numero,
      titulo: r.titulo,
      estado: { id: r.estado_id, nombre: info?.nombre ?? '—', color: info?.color ?? 'medium' },
      prioridad: r.prioridad_id != null ? (n.prioridades.get(r.prioridad_id) ?? null) : null,
      cliente: nombrado(r.cliente_id, n.clientes),
      tipoOrden: nombrado(r.tipo_orden_id, n.tipos),
      area: nombrado(r.area_id, n.areas),
      responsables: personas(r.responsables, n),
      fechaInicio: r.fecha_inicio,
      fechaFin: r.fecha_fin,
      creada: r.creada,
      actualizada: r.actualizada,
      vencida: !info?.cerrado && r.fecha_fin != null && r.fecha_fin < now,
    };
  }

  /** POST /api/v4/ordenes/all/filtered. Filtering is always allowed; rows are what the actor may see. */
  async listar(actor: Actor, f: Filtros): Promise<PaginaOrdenes> {
    const now = this.clock.now();
    const v = visibilidad(actor);
    const repo = this.repo();
    const offset = f.pagina * f.porPagina;
    const buscados = await this.clientesBuscados(actor.entidadId, f.buscar);
    const conteo = () =>
      this.conteos.getOrLoad(actor.entidadId, claveConteo(v, f, now), () =>
        repo.contar(actor.entidadId, v, f, now, buscados),
      );
    const leerPagina = () => repo.pagina(actor.entidadId, v, f, now, buscados);
    // "Vencidas" depends on the clock, not only on the orders: such pages are always read.
    const pagina = f.vencidas
      ? leerPagina()
      : this.paginas.getOrLoad(actor.entidadId, clavePagina(v, f), leerPagina);
    // The total is only counted when the page does not tell it (a full page, or past the end).
    const [rows, contado] = await Promise.all([pagina, f.pagina > 0 ? conteo() : Promise.resolve(undefined)]);
    let total = contado;
    if (total === undefined) total = rows.length < f.porPagina ? rows.length : await conteo();
    // A total counted a moment before an order arrived never hides a row the page shows.
    if (rows.length) total = Math.max(total, offset + rows.length);
    const n = await this.nombres.de(actor.entidadId, {
      clientes: rows.map((r) => r.cliente_id),
      tipos: rows.map((r) => r.tipo_orden_id),
      areas: rows.map((r) => r.area_id),
      prioridades: rows.map((r) => r.prioridad_id),
      usuarios: rows.flatMap((r) => r.responsables),
    });
    const t = now.getTime();
    return {
      ordenes: rows.map((r) => this.resumen(r, n, t)),
      total,
      pagina: f.pagina,
      porPagina: f.porPagina,
    };
  }

  /** The company's clients whose name holds the searched text (as ILIKE would match it). */
  private async clientesBuscados(entidadId: number, buscar: string | null | undefined): Promise<number[] | undefined> {
    const q = buscar?.trim().toLowerCase();
    if (!q) return undefined;
    const n = await this.nombres.de(entidadId);
    const ids: number[] = [];
    for (const [id, nombre] of n.clientes) if (nombre.toLowerCase().includes(q)) ids.push(id);
    return ids;
  }

  /** POST /api/v2/ordenes/all/filtered {estados, buscar}: the 100 most recent matches. */
  async listarSimple(actor: Actor, f: { estados?: number[] | null | undefined; buscar?: string | null | undefined }): Promise<OrdenResumen[]> {
    const page = await this.listar(actor, {
      estados: f.estados ?? null,
      buscar: f.buscar ?? null,
      campoFecha: 'creada',
      orden: 'recientes',
      pagina: 0,
      porPagina: 100,
    });
    return page.ordenes;
  }

  /** Loads an order the actor may see; 404 otherwise (another company's orders do not exist). */
  private async cargar(actor: Actor, id: number, tx?: DbOrTx): Promise<OrdenFila> {
    const repo = this.repo(tx);
    const o = await repo.find(actor.entidadId, id);
    if (!o) throw AppError.notFound(NO_EXISTE);
    const v = visibilidad(actor);
    const obvious =
      v.todo ||
      o.registroResponsableId === actor.id ||
      o.responsables.includes(actor.id) ||
      (o.clienteId !== null && v.clientes.includes(o.clienteId));
    if (!obvious && !(await repo.isVisible(actor.entidadId, id, v))) throw AppError.notFound(NO_EXISTE);
    return o;
  }

  /** Loads and locks an order for a change inside a transaction. */
  private async cargarParaCambio(actor: Actor, id: number, tx: DbOrTx): Promise<OrdenFila> {
    if (!(await this.repo(tx).lock(actor.entidadId, id))) throw AppError.notFound(NO_EXISTE);
    return this.cargar(actor, id, tx);
  }

  /** GET /api/v3/ordenDTO/{id}. */
  async detalle(actor: Actor, id: number): Promise<OrdenDetalle> {
    const o = await this.cargar(actor, id);
    return this.armarDetalle(actor, o);
  }

  private async armarDetalle(actor: Actor, o: OrdenFila): Promise<OrdenDetalle> {
    const n = await this.nombres.de(actor.entidadId, {
      clientes: [o.clienteId],
      tipos: [o.tipoOrdenId],
      areas: [o.areaId],
      prioridades: [o.prioridadId],
      usuarios: [o.registroResponsableId, ...o.responsables],
    });
    const info = estadoInfo(o.estadoId);
    const ac = acceso(o);
    const modificar = puedeModificar(actor, ac);
    const creador = n.usuarios.get(o.registroResponsableId) ?? { id: o.registroResponsableId, usuario: '', nombre: '', apellido: '' };
    const now = this.clock.now().getTime();
    return {
      id: o.id,
      numero: o.numero,
      titulo: o.titulo,
      detalle: o.detalle,
      estado: { id: o.estadoId, nombre: info?.nombre ?? '—', color: info?.color ?? 'medium' },
      prioridad: o.prioridadId != null ? (n.prioridades.get(o.prioridadId) ?? null) : null,
      cliente: nombrado(o.clienteId, n.clientes),
      tipoOrden: nombrado(o.tipoOrdenId, n.tipos),
      area: nombrado(o.areaId, n.areas),
      responsables: personas(o.responsables, n),
      fechaInicio: o.fechaInicio,
      fechaFin: o.fechaFin,
      fechaInicioISO_8601: iso(o.fechaInicio),
      fechaFinISO_8601: iso(o.fechaFin),
      creada: o.creada,
      actualizada: o.actualizada,
      finalizada: o.finalizada,
      vencida: !info?.cerrado && o.fechaFin != null && o.fechaFin < now,
      entidadSolicitanteId: actor.entidadId,
      entidadSolicitanteNombre: n.entidad,
      registroResponsable: creador,
      e5sAreaKey: o.e5sAreaKey,
      e5sAreaName: o.e5sAreaName,
      acciones: {
        soloLectura: !modificar,
        modificar,
        borrar: puedeBorrar(actor, ac),
        cambiarResponsable: modificar,
        estadosSiguientes: estadosSiguientes(actor, ac),
      },
    };
  }

  /** GET /api/v2/orden/{id}: the order as saved (references as ids). */
  async guardada(actor: Actor, id: number): Promise<OrdenGuardada> {
    const o = await this.cargar(actor, id);
    return {
      id: o.id,
      numero: o.numero,
      titulo: o.titulo,
      detalle: o.detalle,
      tipoOrden: o.tipoOrdenId,
      area: o.areaId,
      prioridad: o.prioridadId,
      estado: o.estadoId,
      responsable: o.responsables,
      cliente: o.clienteId,
      fechaInicio: o.fechaInicio,
      fechaFin: o.fechaFin,
      registroResponsable: o.registroResponsableId,
      e5sAreaKey: o.e5sAreaKey,
      e5sAreaName: o.e5sAreaName,
    };
  }

  private async validarReferencias(
    actor: Actor,
    tx: DbOrTx,
    q: { cliente?: number | null; tipo?: number | null; area?: number | null; prioridad?: number | null; usuarios?: number[] },
  ) {
    const r = await this.repo(tx).refs(actor.entidadId, q);
    if (q.cliente != null && !r.cliente) throw AppError.invalid('cliente', 'El cliente indicado no existe o está inactivo.');
    if (q.tipo != null && !r.tipo) throw AppError.invalid('tipoOrden', 'El tipo de orden indicado no existe o está archivado.');
    if (q.area != null && !r.area) throw AppError.invalid('area', 'El área indicada no existe o está archivada.');
    if (q.prioridad != null && !r.prioridad) throw AppError.invalid('prioridad', 'La prioridad indicada no existe.');
    if (q.usuarios?.length && r.usuarios !== q.usuarios.length) {
      throw AppError.invalid('responsable', 'Algún responsable indicado no existe o está inactivo.');
    }
  }

  private validarFechas(inicio: number | null | undefined, fin: number | null | undefined) {
    if (inicio != null && fin != null && fin < inicio) {
      throw AppError.invalid('fechaFin', 'La fecha de fin no puede ser anterior a la fecha de inicio.');
    }
  }

  /** POST /api/v2/ordenes/save: creates (no id) or updates (with id). */
  async guardar(actor: Actor, body: Guardar): Promise<OrdenDetalle> {
    if (body.archivos?.length || body.archivosBorrados?.length) {
      throw AppError.invalid('archivos', 'Los archivos se adjuntan desde la pantalla Archivos de la orden.');
    }
    this.validarFechas(body.fechaInicio, body.fechaFin);
    if (body.id) return this.detalle(actor, await this.actualizar(actor, body.id, body));
    // A new order is answered from what was stored, without reading it back.
    return this.armarDetalle(actor, await this.crear(actor, body));
  }

  private async crear(actor: Actor, b: Guardar): Promise<OrdenFila> {
    if (!tienePermiso(actor, 'crearOrden')) throw AppError.forbidden('No tiene permiso para crear órdenes.');
    if (!puedeCrear(actor, b.cliente)) {
      throw AppError.forbidden('No tiene permiso para delegar órdenes a este cliente.');
    }
    const estado = b.estado ?? ESTADO.PENDIENTE;
    if (estado !== ESTADO.PENDIENTE && estado !== ESTADO.EN_PROCESO) {
      throw AppError.invalid('estado', 'Una orden nueva empieza Pendiente o En proceso.');
    }
    const now = this.clock.now();
    const nueva: NuevaOrden = {
      entidadId: actor.entidadId,
      titulo: b.titulo,
      detalle: b.detalle,
      tipoOrdenId: b.tipoOrden ?? null,
      areaId: b.area ?? null,
      prioridadId: b.prioridad ?? null,
      estadoId: estado,
      clienteId: b.cliente,
      fechaInicio: b.fechaInicio != null ? new Date(b.fechaInicio) : null,
      fechaFin: b.fechaFin != null ? new Date(b.fechaFin) : null,
      registroResponsableId: actor.id,
      e5sAreaKey: b.e5sAreaKey ?? null,
      e5sAreaName: b.e5sAreaName ?? null,
      creada: now,
      responsables: b.responsable,
    };
    let r = await this.repo().crear(nueva);
    if (!r.cliente) throw AppError.invalid('cliente', 'El cliente indicado no existe o está inactivo.');
    if (!r.tipo) throw AppError.invalid('tipoOrden', 'El tipo de orden indicado no existe o está archivado.');
    if (!r.area) throw AppError.invalid('area', 'El área indicada no existe o está archivada.');
    if (!r.prioridad) throw AppError.invalid('prioridad', 'La prioridad indicada no existe.');
    if (!r.usuarios) throw AppError.invalid('responsable', 'Algún responsable indicado no existe o está inactivo.');
    // No quota taken: the period may have ended. Start the new one, if due, and try once more.
    if (!r.cupo && (await this.plans.renovarSiVencio(actor.entidadId))) r = await this.repo().crear(nueva);
    if (!r.cupo || r.id == null || r.numero == null) {
      throw new AppError(
        'QUOTA_AGOTADA',
        'Se agotaron las órdenes disponibles de su plan para este período. La orden no se guardó; puede actualizar el plan o esperar la próxima renovación.',
      );
    }
    const id = r.id;
    const base = { entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id };
    this.publishAll([
      { type: 'orden.creada', ...base },
      { type: 'plan.cambiado', entidadId: actor.entidadId },
      ...(b.responsable.length ? [{ type: 'orden.responsablesCambiados' as const, ...base, agregados: b.responsable }] : []),
    ]);
    const t = now.getTime();
    return {
      id,
      numero: r.numero,
      titulo: nueva.titulo,
      detalle: nueva.detalle,
      estadoId: estado,
      clienteId: nueva.clienteId,
      tipoOrdenId: nueva.tipoOrdenId,
      areaId: nueva.areaId,
      prioridadId: nueva.prioridadId,
      fechaInicio: nueva.fechaInicio?.getTime() ?? null,
      fechaFin: nueva.fechaFin?.getTime() ?? null,
      creada: t,
      actualizada: t,
      finalizada: null,
      registroResponsableId: actor.id,
      e5sAreaKey: nueva.e5sAreaKey,
      e5sAreaName: nueva.e5sAreaName,
      responsables: [...b.responsable].sort((x, y) => x - y),
    };
  }

  private async actualizar(actor: Actor, id: number, b: Guardar): Promise<number> {
    const now = this.clock.now();
    const events: DomainEvent[] = [];
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeModificar(actor, acceso(o))) throw AppError.forbidden(SOLO_LECTURA);
      if (b.estado != null && b.estado !== o.estadoId) {
        throw AppError.invalid('estado', 'El estado se cambia con "Cambiar estado", junto con un comentario.');
      }
      if (b.cliente !== o.clienteId && !tienePermisoCliente(actor, b.cliente, 'delegarOrden')) {
        throw AppError.forbidden('No tiene permiso para delegar órdenes a ese cliente.');
      }
      await this.validarReferencias(actor, tx, {
        cliente: b.cliente !== o.clienteId ? b.cliente : null,
        tipo: b.tipoOrden != null && b.tipoOrden !== o.tipoOrdenId ? b.tipoOrden : null,
        area: b.area != null && b.area !== o.areaId ? b.area : null,
        prioridad: b.prioridad != null && b.prioridad !== o.prioridadId ? b.prioridad : null,
        usuarios: b.responsable,
      });
      const repo = this.repo(tx);
      const set = {
        titulo: b.titulo,
        detalle: b.detalle,
        tipoOrdenId: b.tipoOrden ?? null,
        areaId: b.area ?? null,
        prioridadId: b.prioridad ?? null,
        clienteId: b.cliente,
        fechaInicio: b.fechaInicio != null ? new Date(b.fechaInicio) : null,
        fechaFin: b.fechaFin != null ? new Date(b.fechaFin) : null,
        e5sAreaKey: b.e5sAreaKey ?? null,
        e5sAreaName: b.e5sAreaName ?? null,
        actualizada: now,
      };
      await repo.update(actor.entidadId, id, set);
      const after = { ...o, tipoOrdenId: set.tipoOrdenId, areaId: set.areaId, prioridadId: set.prioridadId, clienteId: set.clienteId };
      const n = await repo.detailNames(actor.entidadId, after);
      const ev = (tipo: string, datos: Record<string, unknown>) =>
        repo.addEvent({ entidadId: actor.entidadId, ordenId: id, tipo, usuarioId: actor.id, fecha: now, datos });
      if (o.titulo !== b.titulo) await ev('TITULO', { anterior: o.titulo, nuevo: b.titulo });
      if (o.detalle !== b.detalle) await ev('DETALLE', {});
      if (o.fechaInicio !== (b.fechaInicio ?? null)) await ev('FECHA', { campo: 'fechaInicio', anterior: o.fechaInicio, nuevo: b.fechaInicio ?? null });
      if (o.fechaFin !== (b.fechaFin ?? null)) await ev('FECHA', { campo: 'fechaFin', anterior: o.fechaFin, nuevo: b.fechaFin ?? null });
      if (o.tipoOrdenId !== set.tipoOrdenId) await ev('TIPO', { id: set.tipoOrdenId, nombre: asObj<{ nombre: string }>(n.tipo)?.nombre ?? null });
      if (o.areaId !== set.areaId) await ev('AREA', { id: set.areaId, nombre: asObj<{ nombre: string }>(n.area)?.nombre ?? null });
      if (o.prioridadId !== set.prioridadId) await ev('PRIORIDAD', { id: set.prioridadId, nombre: asObj<{ nombre: string }>(n.prioridad)?.nombre ?? null });
      if (o.clienteId !== set.clienteId) await ev('CLIENTE', { id: set.clienteId, nombre: asObj<{ nombre: string }>(n.cliente)?.nombre ?? null });
      const antes = [...o.responsables].sort((x, y) => x - y);
      const despues = [...b.responsable].sort((x, y) => x - y);
      if (antes.join(',') !== despues.join(',')) {
        await repo.setResponsables(id, despues);
        const nombres = (await repo.nombresDeUsuarios(actor.entidadId, despues)).map((u) => `${u.nombre} ${u.apellido}`.trim());
        await ev('RESPONSABLE', { anteriores: antes, responsables: despues, nombres });
        const agregados = despues.filter((u) => !antes.includes(u));
        if (agregados.length) events.push({ type: 'orden.responsablesCambiados', entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id, agregados });
      }
      events.unshift({ type: 'orden.modificada', entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id });
    });
    this.publishAll(events);
    return id;
  }

  /** DELETE /api/v2/orden/{id}: needs borrarOrden for its client. The order leaves every list; its history stays. */
  async eliminar(actor: Actor, id: number): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeBorrar(actor, acceso(o))) throw AppError.forbidden('No tiene permiso para eliminar órdenes de este cliente.');
      const repo = this.repo(tx);
      await repo.addEvent({ entidadId: actor.entidadId, ordenId: id, tipo: 'ELIMINADA', usuarioId: actor.id, fecha: now });
      await repo.softDelete(actor.entidadId, id);
    });
    this.bus.publish({ type: 'orden.eliminada', entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id });
  }

  /** PUT /api/v2/estado/{id} {estado, comentarios}. */
  async cambiarEstado(actor: Actor, id: number, b: z.output<typeof zCambioEstado>): Promise<OrdenDetalle> {
    if (!esEstadoValido(b.estado)) throw AppError.invalid('estado', 'El estado indicado no existe.');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      const ac = acceso(o);
      if (!puedeModificar(actor, ac)) throw AppError.forbidden(SOLO_LECTURA);
      if (!transicionPermitida(o.estadoId, b.estado)) {
        throw new AppError(
          'TRANSICION_INVALIDA',
          `No se puede pasar de ${estadoInfo(o.estadoId)?.nombre ?? '—'} a ${estadoInfo(b.estado)?.nombre ?? '—'}.`,
          { field: 'estado' },
        );
      }
      if (!puedeCambiarEstado(actor, ac, b.estado)) {
        throw AppError.forbidden(
          requiereFinalizar(o.estadoId, b.estado)
            ? 'Necesita el permiso finalizarOrden para finalizar o reabrir una orden.'
            : MENSAJES.sinPermiso,
        );
      }
      const repo = this.repo(tx);
      await repo.update(actor.entidadId, id, {
        estadoId: b.estado,
        actualizada: now,
        finalizada: b.estado === ESTADO.FINALIZADA ? now : null,
      });
      await repo.addEvent({
        entidadId: actor.entidadId,
        ordenId: id,
        tipo: 'ESTADO',
        usuarioId: actor.id,
        fecha: now,
        estadoAnteriorId: o.estadoId,
        estadoNuevoId: b.estado,
        comentario: b.comentarios,
      });
    });
    this.bus.publish({
      type: 'orden.estadoCambiado',
      entidadId: actor.entidadId,
      ordenId: id,
      usuarioId: actor.id,
      estadoId: b.estado,
      comentario: b.comentarios,
    });
    return this.detalle(actor, id);
  }

  /** PUT /api/v3/responsable/{id}: replaces the responsables (one or several). */
  async cambiarResponsables(actor: Actor, id: number, b: z.output<typeof zCambioResponsable>): Promise<OrdenDetalle> {
    const now = this.clock.now();
    let agregados: number[] = [];
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeModificar(actor, acceso(o))) throw AppError.forbidden(SOLO_LECTURA);
      await this.validarReferencias(actor, tx, { usuarios: b.responsable });
      const repo = this.repo(tx);
      const nuevos = [...b.responsable].sort((x, y) => x - y);
      agregados = nuevos.filter((u) => !o.responsables.includes(u));
      await repo.setResponsables(id, nuevos);
      await repo.update(actor.entidadId, id, { actualizada: now });
      const nombres = (await repo.nombresDeUsuarios(actor.entidadId, nuevos)).map((u) => `${u.nombre} ${u.apellido}`.trim());
      await repo.addEvent({
        entidadId: actor.entidadId,
        ordenId: id,
        tipo: 'RESPONSABLE',
        usuarioId: actor.id,
        fecha: now,
        comentario: b.comentarios?.trim() || null,
        datos: { anteriores: o.responsables, responsables: nuevos, nombres },
      });
    });
    this.publishAll([
      { type: 'orden.modificada', entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id },
      ...(agregados.length ? [{ type: 'orden.responsablesCambiados' as const, entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id, agregados }] : []),
    ]);
    return this.detalle(actor, id);
  }

  /** Edits of one field (titulo, detalle, fechas, tipo, area), each an event in the history. */
  async editarCampo(
    actor: Actor,
    id: number,
    cambio:
      | { campo: 'titulo'; valor: string }
      | { campo: 'detalle'; valor: string }
      | { campo: 'fechaInicio' | 'fechaFin'; valor: number | null }
      | { campo: 'tipo'; valor: number }
      | { campo: 'area'; valor: number },
  ): Promise<OrdenDetalle> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeModificar(actor, acceso(o))) throw AppError.forbidden(SOLO_LECTURA);
      const repo = this.repo(tx);
      const ev = (tipo: string, datos: Record<string, unknown>) =>
        repo.addEvent({ entidadId: actor.entidadId, ordenId: id, tipo, usuarioId: actor.id, fecha: now, datos });
      switch (cambio.campo) {
        case 'titulo':
          if (cambio.valor === o.titulo) return;
          await repo.update(actor.entidadId, id, { titulo: cambio.valor, actualizada: now });
          await ev('TITULO', { anterior: o.titulo, nuevo: cambio.valor });
          return;
        case 'detalle':
          if (cambio.valor === o.detalle) return;
          await repo.update(actor.entidadId, id, { detalle: cambio.valor, actualizada: now });
          await ev('DETALLE', {});
          return;
        case 'fechaInicio':
        case 'fechaFin': {
          const inicio = cambio.campo === 'fechaInicio' ? cambio.valor : o.fechaInicio;
          const fin = cambio.campo === 'fechaFin' ? cambio.valor : o.fechaFin;
          this.validarFechas(inicio, fin);
          const anterior = cambio.campo === 'fechaInicio' ? o.fechaInicio : o.fechaFin;
          if (anterior === cambio.valor) return;
          await repo.update(actor.entidadId, id, {
            [cambio.campo]: cambio.valor == null ? null : new Date(cambio.valor),
            actualizada: now,
          });
          await ev('FECHA', { campo: cambio.campo, anterior, nuevo: cambio.valor });
          return;
        }
        case 'tipo':
        case 'area': {
          const tipo = cambio.campo === 'tipo';
          await this.validarReferencias(actor, tx, tipo ? { tipo: cambio.valor } : { area: cambio.valor });
          if ((tipo ? o.tipoOrdenId : o.areaId) === cambio.valor) return;
          await repo.update(actor.entidadId, id, { [tipo ? 'tipoOrdenId' : 'areaId']: cambio.valor, actualizada: now });
          const n = await repo.detailNames(actor.entidadId, { ...o, tipoOrdenId: tipo ? cambio.valor : o.tipoOrdenId, areaId: tipo ? o.areaId : cambio.valor });
          const nombre = asObj<{ nombre: string }>(tipo ? n.tipo : n.area)?.nombre ?? null;
          await ev(tipo ? 'TIPO' : 'AREA', { id: cambio.valor, nombre });
          return;
        }
      }
    });
    this.bus.publish({ type: 'orden.modificada', entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id });
    return this.detalle(actor, id);
  }

  /** GET /api/v2/historial/detalle/{id}: the order's events, oldest first. */
  async historial(actor: Actor, id: number): Promise<EventoOrden[]> {
    await this.cargar(actor, id);
    const rows = await this.repo().events(actor.entidadId, id);
    return rows.map((r) => {
      const datos = asObj<Record<string, unknown>>(r.datos);
      return {
        id: r.id,
        tipo: r.tipo,
        descripcion: describirEvento({ tipo: r.tipo, estadoAnterior: r.estadoAnterior, estadoNuevo: r.estadoNuevo, datos }),
        fecha: r.fecha,
        usuario: { id: r.u_id, usuario: r.u_usuario, nombre: r.u_nombre, apellido: r.u_apellido },
        estadoAnterior: r.estadoAnterior,
        estadoNuevo: r.estadoNuevo,
        comentario: r.comentario,
      };
    });
  }

  /** GET /api/v2/usuarios/{clientId|todos}: who can be made responsable. */
  async responsablesDisponibles(actor: Actor, cliente: number | 'todos') {
    if (cliente !== 'todos' && !(await this.repo().clienteExiste(actor.entidadId, cliente))) {
      throw AppError.notFound('El cliente no existe.');
    }
    return this.repo().responsablesDisponibles(actor.entidadId);
  }

  /** GET /api/v3/test/clientes-usados: clients that have orders the actor can see. */
  clientesUsados(actor: Actor) {
    return this.repo().clientesUsados(actor.entidadId, visibilidad(actor));
  }

  /** GET /api/v2/estados: the states with their allowed next states. */
  estados(): Estado[] {
    return ESTADOS.map((e) => ({ ...e, siguientes: [...TRANSICIONES[e.id]] }));
  }

  /** GET /api/v2/prioridades. */
  prioridades(actor: Actor) {
    return this.repo().prioridades(actor.entidadId);
  }

  /**
   * For other modules (files, expenses, reports): the order if the actor may see it (404 otherwise,
   * as everywhere) and what they may do with it. With `bloquear` inside a transaction the order row
   * is locked until it ends.
   */
  async acceso(actor: Actor, id: number, opts: { tx?: DbOrTx; bloquear?: boolean } = {}): Promise<AccesoOrden> {
    const tx = opts.tx ?? this.db;
    const o = opts.bloquear ? await this.cargarParaCambio(actor, id, tx) : await this.cargar(actor, id, tx);
    const ac = acceso(o);
    return { orden: o, modificar: puedeModificar(actor, ac), borrar: puedeBorrar(actor, ac) };
  }

  /** For other modules: writes an event in the order's history, inside their transaction. */
  async registrarEvento(
    tx: DbOrTx,
    actor: Actor,
    ordenId: number,
    e: { tipo: string; datos?: Record<string, unknown>; comentario?: string | null; fecha?: Date },
  ): Promise<void> {
    await this.repo(tx).addEvent({
      entidadId: actor.entidadId,
      ordenId,
      tipo: e.tipo,
      usuarioId: actor.id,
      fecha: e.fecha ?? this.clock.now(),
      comentario: e.comentario ?? null,
      datos: e.datos ?? null,
    });
  }

  /**
   * POST /api/v2/ordenes/exportar: every order the filters select that the actor may see, in the
   * list's order, as pages of `tamanio` rows read by keyset pagination (never the whole set at once).
   * The paging fields of the filters are ignored.
   */
  async *paginasParaExportar(actor: Actor, f: Filtros, tamanio = 1000): AsyncGenerator<OrdenExportada[]> {
    const now = this.clock.now();
    const v = visibilidad(actor);
    let cursor: CursorExport | null = null;
    for (;;) {
      const rows = await this.repo().listDespues(actor.entidadId, v, f, now, cursor, tamanio);
      if (!rows.length) return;
      yield rows.map((r) => {
        const info = estadoInfo(r.estado_id);
        return {
          id: r.id,
          numero: r.numero,
          titulo: r.titulo,
          estado: info?.nombre ?? '—',
          cerrado: info?.cerrado ?? false,
          prioridad: r.prioridad,
          cliente: r.cliente,
          tipo: r.tipo,
          area: r.area,
          responsables: r.responsables,
          fechaInicio: r.fecha_inicio,
          fechaFin: r.fecha_fin,
          finalizada: r.finalizada,
          creada: r.creada,
        };
      });
      if (rows.length < tamanio) return;
      cursor = rows[rows.length - 1]?.cursor ?? null;
    }
  }
}
