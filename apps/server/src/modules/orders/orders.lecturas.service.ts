import {
  ESTADOS,
  TRANSICIONES,
  estadoInfo,
  estadoVisible,
  type Estado,
  type EventoOrden,
  type OrdenDetalle,
  type OrdenGuardada,
  type OrdenResumen,
  type PaginaOrdenes,
  type ProgresoChecklist,
  type SlaOrden,
  type Persona,
  type zFiltros,
} from '@delego/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Consultar, Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import { normalizarTexto, palabrasDeBusqueda } from '../../lib/busqueda.js';
import { AppError } from '../../kernel/errors.js';
import { leerJson } from '../../kernel/db/json.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoIdentidad } from '../identity/index.js';
import { describirEvento, hechoPorCliente } from './orders.eventos.js';
import type { Nombres, NombresCache, Referencias } from './orders.nombres.js';
import {
  estadosSiguientes,
  puedeBorrar,
  puedeDelegar,
  puedeModificar,
  veTodo,
  type OrdenAcceso,
} from './orders.policy.js';
import {
  OrdersLecturasRepository,
  type CursorExport,
  type FilaResumen,
  type OrdenFila,
  type Visibilidad,
} from './orders.lecturas.repository.js';

type Filtros = z.output<typeof zFiltros>;

export const NO_EXISTE = 'La orden no existe o no tiene acceso a ella.';

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

export function visibilidad(a: Actor): Visibilidad {
  return {
    actorId: a.id,
    todo: veTodo(a),
    clientes: a.permisos.clientes
      .filter((c) => c.delegarOrden || c.modificarOrden || c.borrarOrden)
      .map((c) => c.clienteID),
  };
}

export const acceso = (o: OrdenFila): OrdenAcceso => ({
  clienteId: o.clienteId,
  estadoId: o.estadoId,
  responsables: o.responsables,
  registroResponsableId: o.registroResponsableId,
});

const asObj = <T>(v: unknown): T | null => (v == null ? null : leerJson<T>(v));
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

/**
 * When an order's "vencida" flag turns true by itself: the millisecond after its due time, if it is
 * open and not yet overdue at `now`; never otherwise. A stored answer that shows the order is not
 * served from then on.
 */
function venceEn(estadoId: number, fechaFin: number | null, now: number): number {
  return fechaFin != null && fechaFin >= now && !estadoInfo(estadoId)?.cerrado ? fechaFin + 1 : Infinity;
}

/** Overdue: still open and past its due date. */
function vencida(estadoId: number, fechaFin: number | null, now: number): boolean {
  return fechaFin != null && fechaFin < now && !estadoInfo(estadoId)?.cerrado;
}

/** The one mapping of an order row to what the list shows (the detail adds to it). */
function resumen(r: FilaResumen, n: Nombres, now: number): OrdenResumen {
  return {
    id: r.id,
    numero: r.numero,
    titulo: r.titulo,
    estado: estadoVisible(r.estadoId),
    prioridad: r.prioridadId != null ? (n.prioridades.get(r.prioridadId) ?? null) : null,
    cliente: nombrado(r.clienteId, n.clientes),
    tipoOrden: nombrado(r.tipoOrdenId, n.tipos),
    area: nombrado(r.areaId, n.areas),
    responsables: personas(r.responsables, n),
    fechaInicio: r.fechaInicio,
    fechaFin: r.fechaFin,
    creada: r.creada,
    actualizada: r.actualizada,
    vencida: vencida(r.estadoId, r.fechaFin, now),
    checklist: progresoDe(r.checklist),
    sla: slaDe(r.sla),
  };
}

/** The service level of a row, or null when the order has none. */
function slaDe(v: unknown): SlaOrden | null {
  return v == null ? null : leerJson<SlaOrden>(v);
}

/** The checklist's progress of a row, or null when the order has none. */
function progresoDe(v: unknown): ProgresoChecklist | null {
  return v == null ? null : leerJson<ProgresoChecklist>(v);
}

/** The key of a list answer: the route, who sees what, the filters, the order and the page. */
function clavePagina(ruta: string, v: Visibilidad, f: Filtros): string {
  return JSON.stringify([ruta, v.todo ? 0 : v.actorId, v.todo ? [] : v.clientes, f]);
}

/** The key of a list total: who sees what, and the filters without paging. */
function claveConteo(v: Visibilidad, f: Filtros, now: Date): string {
  const { pagina: _p, porPagina: _pp, orden: _o, ...filtros } = f;
  // "Vencidas" depends on the clock: such totals are kept for a minute at most.
  const minuto = f.vencidas || f.sla ? Math.floor(now.getTime() / 60_000) : 0;
  return JSON.stringify([v.todo ? 0 : v.actorId, v.todo ? [] : v.clientes, filtros, minuto]);
}

/**
 * The caches of the order reads (declared, with what invalidates them, in src/caches.ts; the names
 * cache is the module's own, orders.nombres.ts).
 */
export interface CachesDeLecturas {
  /** Names of each company's clients, types, areas, priorities and users, for list and detail. */
  nombres: NombresCache;
  /**
   * Totals of the list per company, filters and visibility: counting every match is the one part
   * of a page whose cost grows with the company, and it only changes when an order does.
   */
  conteos: TenantCache<number>;
  /**
   * Answers of the list per route, company, filters, page and visibility, as the JSON the route
   * wrote. Every change to a company's orders or names reaches every instance as an event and drops
   * them; what they save is the live refresh of a company's screens after each change, when many
   * ask the same.
   */
  paginas: TenantCache<Buffer>;
  /**
   * Answers of the detail per user and order, as the JSON written: what a screen asks again and
   * again (a refresh, coming back to it), dropped by every change that could alter them.
   */
  detalles: TenantCache<Buffer>;
}

/**
 * The order's billing data for the detail (the client-side module's `paraDetalle`, issue 16): a
 * column read with the order, and how its value becomes the detail's fields.
 */
export interface FacturacionParaDetalle {
  columna: SQL;
  leer(valor: unknown): {
    datosFacturacion: OrdenDetalle['datosFacturacion'];
    facturacionDelegada: OrdenDetalle['facturacionDelegada'];
  };
}

/**
 * The reads of orders (ADR 0005): the list and its caches, the detail, the saved order, the
 * history, the export, and the look-ups of the order screens. Nothing here writes.
 */
export class OrdersLecturasService {
  readonly nombres: NombresCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly caches: CachesDeLecturas,
    private readonly deps: {
      users: Pick<PuertoIdentidad, 'activosDeEmpresa'>;
      clients: Pick<PuertoClientes, 'find'>;
      /** The prepared reader of the hot paths; plain `db.execute` when absent. */
      consultar?: Consultar;
      facturacion?: FacturacionParaDetalle;
    },
  ) {
    this.nombres = caches.nombres;
  }

  private repo(tx?: DbOrTx) {
    return tx ? new OrdersLecturasRepository(tx) : new OrdersLecturasRepository(this.db, this.deps.consultar);
  }

  /**
   * The names an order needs; inside a transaction pass its `tx`: a miss is then read through it
   * (not kept), never through the main handle, which the transaction holds (PGlite has one connection).
   */
  nombresDe(entidadId: number, refs: Referencias, tx?: DbOrTx): Promise<Nombres> {
    return this.nombres.de(entidadId, refs, tx);
  }

  /**
   * The list's conditions (over `ordenes o`) for the actor and filters, joined with `and`: what the
   * list would show, without paging or order. The dashboard (statistics) counts over them.
   */
  condicionesDeLista(actor: Actor, f: Filtros, now: Date): SQL {
    return sql.join(this.repo().condiciones(actor.entidadId, visibilidad(actor), f, now), sql` and `);
  }

  /**
   * POST /api/v4/ordenes/all/filtered. Filtering is always allowed; rows are what the actor may
   * see. Answered as its route writes it (`escribir`: the route's serializer, see `comoJson`), from
   * the page cache (LIST_CACHE_MS) when the same view of the company asked for the same page
   * before: the stored JSON is sent as it is, with no reading, naming or serializing (issue 18).
   * Every change to the company's orders, clients, users or catalog drops the company's pages
   * (src/caches.ts); a page is not answered past the moment one of its orders becomes overdue, and
   * overdue-only lists, which depend on the clock, are never stored.
   */
  async listJson(actor: Actor, f: Filtros, escribir: (p: PaginaOrdenes) => string): Promise<Buffer | string> {
    return this.respuestaEnCache(actor, 'v4', f, () => this.leerLista(actor, f), escribir);
  }

  /**
   * A page of the list as an object, read now (not from the page cache): for other modules'
   * screens that show orders among other data (an equipo's history, issue 32).
   */
  async lista(actor: Actor, f: Filtros): Promise<PaginaOrdenes> {
    return (await this.leerLista(actor, f)).valor;
  }

  /** POST /api/v2/ordenes/all/filtered {estados, buscar}: the 100 most recent matches, as JSON (see listJson). */
  async listSimpleJson(
    actor: Actor,
    f: { estados?: number[] | null | undefined; buscar?: string | null | undefined },
    escribir: (o: OrdenResumen[]) => string,
  ): Promise<Buffer | string> {
    const filtros: Filtros = {
      estados: f.estados ?? null,
      buscar: f.buscar ?? null,
      campoFecha: 'creada',
      orden: 'recientes',
      pagina: 0,
      porPagina: 100,
    };
    const leer = async () => {
      const l = await this.leerLista(actor, filtros);
      return { ...l, valor: l.valor.ordenes };
    };
    return this.respuestaEnCache(actor, 'v2', filtros, leer, escribir);
  }

  private async respuestaEnCache<T>(
    actor: Actor,
    ruta: string,
    f: Filtros,
    leer: () => Promise<{ valor: T; hasta: number }>,
    escribir: (valor: T) => string,
  ): Promise<Buffer | string> {
    // An answer that is not kept (the cache off, or overdue-only lists) goes out as the text written:
    // copying it into bytes first cost about as much as writing it (issue 37, docs/BENCHMARKS.md).
    if (f.vencidas || f.sla || !this.caches.paginas.guarda) return escribir((await leer()).valor);
    return this.caches.paginas.getOrLoadHasta(actor.entidadId, clavePagina(ruta, visibilidad(actor), f), async () => {
      const l = await leer();
      return { ...l, valor: Buffer.from(escribir(l.valor)) };
    });
  }

  /**
   * A page of the list, read now, and the moment its answer stops being true by itself: the
   * earliest due time, still ahead, of one of its open orders (it becomes "vencida" right after).
   */
  private async leerLista(actor: Actor, f: Filtros): Promise<{ valor: PaginaOrdenes; hasta: number }> {
    const now = this.clock.now();
    const v = visibilidad(actor);
    const repo = this.repo();
    const offset = f.pagina * f.porPagina;
    const buscados = await this.clientesBuscados(actor.entidadId, f.buscar);
    const conteo = () =>
      this.caches.conteos.getOrLoad(actor.entidadId, claveConteo(v, f, now), () =>
        repo.count(actor.entidadId, v, f, now, buscados),
      );
    // The total is only counted when the page does not tell it (a full page, or past the end).
    const [rows, contado] = await Promise.all([
      repo.pagina(actor.entidadId, v, f, now, buscados),
      f.pagina > 0 ? conteo() : Promise.resolve(undefined),
    ]);
    let total = contado;
    if (total === undefined) total = rows.length < f.porPagina ? rows.length : await conteo();
    // A total counted a moment before an order arrived never hides a row the page shows.
    if (rows.length) total = Math.max(total, offset + rows.length);
    const n = await this.nombres.de(actor.entidadId, {
      clientes: rows.map((r) => r.clienteId),
      tipos: rows.map((r) => r.tipoOrdenId),
      areas: rows.map((r) => r.areaId),
      prioridades: rows.map((r) => r.prioridadId),
      usuarios: rows.flatMap((r) => r.responsables),
    });
    const t = now.getTime();
    let hasta = Infinity;
    for (const r of rows) hasta = Math.min(hasta, venceEn(r.estadoId, r.fechaFin, t));
    const valor = { ordenes: rows.map((r) => resumen(r, n, t)), total, pagina: f.pagina, porPagina: f.porPagina };
    return { valor, hasta };
  }

  /**
   * For each word of the search (`palabrasDeBusqueda`), the company's clients whose name holds it,
   * accents and case aside; undefined without a search.
   */
  private async clientesBuscados(
    entidadId: number,
    buscar: string | null | undefined,
  ): Promise<number[][] | undefined> {
    const palabras = palabrasDeBusqueda(buscar).map(normalizarTexto);
    if (!palabras.length) return undefined;
    const n = await this.nombres.de(entidadId);
    const porPalabra = palabras.map((): number[] => []);
    for (const [id, nombre] of n.clientes) {
      const normal = normalizarTexto(nombre);
      palabras.forEach((p, i) => {
        if (normal.includes(p)) porPalabra[i]?.push(id);
      });
    }
    return porPalabra;
  }

  /**
   * Loads an order the actor may see; 404 otherwise (another company's orders do not exist).
   * Inside a transaction with `tx` (the writes read the row they locked).
   */
  async find(actor: Actor, id: number, tx?: DbOrTx, facturacion?: SQL): Promise<OrdenFila> {
    const repo = this.repo(tx);
    const o = await repo.find(actor.entidadId, id, facturacion);
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

  /** GET /api/v3/ordenDTO/{id}; inside a transaction with `tx` (the answer of a change). */
  async detalle(actor: Actor, id: number, tx?: DbOrTx): Promise<OrdenDetalle> {
    return this.detalleDe(actor, await this.find(actor, id, tx, this.deps.facturacion?.columna), tx);
  }

  /**
   * GET /api/v3/ordenDTO/{id} as its route writes it (see `listJson`): from memory when the same
   * user asked for the same order before and nothing that could change it happened since
   * (src/caches.ts); not past the moment the order becomes overdue. Refusals are never kept.
   */
  async detalleJson(actor: Actor, id: number, escribir: (d: OrdenDetalle) => string): Promise<Buffer | string> {
    // Not kept (the cache off): the text written goes out as it is (see respuestaEnCache).
    if (!this.caches.detalles.guarda) return escribir(await this.detalle(actor, id));
    return this.caches.detalles.getOrLoadHasta(actor.entidadId, `${actor.id}:${id}`, async () => {
      const d = await this.detalle(actor, id);
      return {
        valor: Buffer.from(escribir(d)),
        hasta: venceEn(d.estado.id, d.fechaFin, this.clock.now().getTime()),
      };
    });
  }

  /**
   * The detail of an order already loaded (or just stored: a create answers without reading back,
   * and a new order has no billing data yet).
   */
  async detalleDe(actor: Actor, o: OrdenFila, tx?: DbOrTx): Promise<OrdenDetalle> {
    const n = await this.nombresDe(
      actor.entidadId,
      {
        clientes: [o.clienteId],
        tipos: [o.tipoOrdenId],
        areas: [o.areaId],
        prioridades: [o.prioridadId],
        usuarios: [o.registroResponsableId, ...o.responsables],
      },
      tx,
    );
    const facturacion = this.deps.facturacion?.leer(o.facturacion);
    const ac = acceso(o);
    const modificar = puedeModificar(actor, ac);
    const creador = n.usuarios.get(o.registroResponsableId) ?? {
      id: o.registroResponsableId,
      usuario: '',
      nombre: '',
      apellido: '',
    };
    // One object literal, fields in the schema's order: a spread of the summary plus more keys
    // made V8 build it (and the serializer walk it) on a slower path (BENCHMARKS.md, detail).
    const d: OrdenDetalle = {
      id: o.id,
      numero: o.numero,
      titulo: o.titulo,
      detalle: o.detalle,
      estado: estadoVisible(o.estadoId),
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
      datosFacturacion: facturacion?.datosFacturacion ?? null,
      facturacionDelegada: facturacion?.facturacionDelegada ?? null,
      vencida: vencida(o.estadoId, o.fechaFin, this.clock.now().getTime()),
      checklist: progresoDe(o.checklist),
      sla: slaDe(o.sla),
      entidadSolicitanteId: actor.entidadId,
      entidadSolicitanteNombre: n.entidad,
      registroResponsable: creador,
      e5sAreaKey: o.e5sAreaKey,
      e5sAreaName: o.e5sAreaName,
      ubicacion: asObj<{ id: number; nombre: string }>(o.ubicacion),
      equipo: asObj<{ id: number; nombre: string; codigo: string | null }>(o.equipo),
      acciones: {
        soloLectura: !modificar,
        modificar,
        borrar: puedeBorrar(actor, ac),
        cambiarResponsable: puedeDelegar(actor, ac),
        estadosSiguientes: estadosSiguientes(actor, ac),
      },
    };
    return actor.externo ? detalleParaExterno(d) : d;
  }

  /** GET /api/v2/orden/{id}: the order as saved (references as ids). */
  async guardada(actor: Actor, id: number): Promise<OrdenGuardada> {
    const o = await this.find(actor, id);
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
      ubicacion: o.ubicacionId ?? null,
      equipo: o.equipoId ?? null,
    };
  }

  /** GET /api/v2/historial/detalle/{id}: the order's events, oldest first. */
  async historial(actor: Actor, id: number): Promise<EventoOrden[]> {
    await this.find(actor, id);
    const rows = await this.repo().events(actor.entidadId, id);
    return rows.map((r) => {
      const datos = asObj<Record<string, unknown>>(r.datos);
      return {
        id: r.id,
        tipo: r.tipo,
        descripcion: describirEvento({
          tipo: r.tipo,
          estadoAnterior: r.estadoAnterior,
          estadoNuevo: r.estadoNuevo,
          datos,
        }),
        fecha: r.fecha,
        usuario: { id: r.u_id, usuario: r.u_usuario, nombre: r.u_nombre, apellido: r.u_apellido },
        estadoAnterior: r.estadoAnterior,
        estadoNuevo: r.estadoNuevo,
        comentario: r.comentario,
        ...(r.hechoEn === null ? {} : { hechoEn: r.hechoEn }),
        ...(hechoPorCliente(r.tipo, datos) ? { porCliente: true as const } : {}),
      };
    });
  }

  /** GET /api/v2/usuarios/{clientId|todos}: who can be made responsable. */
  async responsablesDisponibles(actor: Actor, cliente: number | 'todos') {
    if (cliente !== 'todos' && !(await this.deps.clients.find(actor.entidadId, cliente))) {
      throw AppError.notFound('El cliente no existe.');
    }
    return this.deps.users.activosDeEmpresa(actor.entidadId);
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

/**
 * The detail as a contractor link's state change answers it (docs/EXTERNOS.md): no more than the
 * link shows. The client's billing data stays out, and so do the logins of the company's people
 * (their names are in the history the link shows).
 */
export function detalleParaExterno(d: OrdenDetalle): OrdenDetalle {
  const sinLogin = (p: OrdenDetalle['registroResponsable']) => ({ ...p, usuario: '' });
  return {
    ...d,
    responsables: d.responsables.map(sinLogin),
    registroResponsable: sinLogin(d.registroResponsable),
    datosFacturacion: null,
    facturacionDelegada: null,
  };
}
