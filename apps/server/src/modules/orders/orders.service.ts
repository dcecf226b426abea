import {
  ESTADO,
  TRANSICIONES,
  MENSAJES,
  esEstadoValido,
  estadoInfo,
  requiereFinalizar,
  tienePermiso,
  tienePermisoCliente,
  transicionPermitida,
  type OrdenDetalle,
  type zCambioEstado,
  type zCambioResponsable,
  type zOrdenGuardar,
} from '@delego/contract';
import type { z } from 'zod';
import type { Consultar, Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { ReglasDeEstado } from '../../kernel/reglas-de-estado.js';
import { hayClaveEnCurso, responderEnTransaccion } from '../../lib/idempotencia.js';
import type { PuertoPlanes } from '../plans/index.js';
import { columnasDeContenido } from './orders.columnas.js';
import { acceso, NO_EXISTE, type OrdersLecturasService } from './orders.lecturas.service.js';
import type { OrdenFila } from './orders.lecturas.repository.js';
import { puedeBorrar, puedeCambiarEstado, puedeCrear, puedeDelegar, puedeModificar } from './orders.policy.js';
import {
  OrdersRepository,
  type NuevaOrden,
  type ResultadoAlta,
  type SentenciasAjenas,
  type SentenciasAjenasEnLote,
} from './orders.repository.js';

type Guardar = z.output<typeof zOrdenGuardar>;

const SOLO_LECTURA = 'No puede modificar esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.';
const QUOTA_AGOTADA =
  'Se agotaron las órdenes disponibles de su plan para este período. La orden no se guardó; puede actualizar el plan o esperar la próxima renovación.';
const SIN_DELEGAR =
  'No puede cambiar los responsables: necesita el permiso «Delegar órdenes» para el cliente de la orden.';
const MENSAJE_UBICACION = 'La ubicación indicada no existe o no es del cliente de la orden.';
const MENSAJE_EQUIPO =
  'El equipo indicado no existe, no es del cliente de la orden o está en otra ubicación que la indicada.';

/** What another module needs to know to act on an order: the order, and what the actor may do with it. */
export interface AccesoOrden {
  orden: OrdenFila;
  /** Not read-only for the actor (SPEC §5). */
  modificar: boolean;
  borrar: boolean;
}

/** An event another module writes in an order's history (hours, files, billing data, surveys). */
export interface EventoAjeno {
  tipo: string;
  datos?: Record<string, unknown>;
  comentario?: string | null;
  fecha?: Date;
}

const nombreDe = (id: number | null, m: Map<number, string>) => (id == null ? null : (m.get(id) ?? null));

/**
 * The event of a change of an order's responsables: who was added (notified of the order) and who
 * was removed (told it is no longer theirs); none when nobody was either.
 */
function cambioDeResponsables(
  base: { entidadId: number; ordenId: number; usuarioId: number },
  antes: readonly number[],
  despues: readonly number[],
): DomainEvent[] {
  const agregados = despues.filter((u) => !antes.includes(u));
  const quitados = antes.filter((u) => !despues.includes(u));
  if (!agregados.length && !quitados.length) return [];
  return [{ type: 'orden.responsablesCambiados', ...base, agregados, ...(quitados.length ? { quitados } : {}) }];
}

/** The columns of an order the form sets, on a create and on a change alike. */
function columnasDelFormulario(b: Guardar) {
  return {
    ...columnasDeContenido(b),
    clienteId: b.cliente,
    fechaInicio: b.fechaInicio != null ? new Date(b.fechaInicio) : null,
    fechaFin: b.fechaFin != null ? new Date(b.fechaFin) : null,
    e5sAreaKey: b.e5sAreaKey ?? null,
    e5sAreaName: b.e5sAreaName ?? null,
  };
}

/** The 400 of the first reference a create found wrong, in the order the form shows them; null when all passed. */
function rechazoDeReferencias(r: Omit<ResultadoAlta, 'cupo' | 'id' | 'numero'>): AppError | null {
  if (!r.cliente) return AppError.invalid('cliente', 'El cliente indicado no existe o está inactivo.');
  if (!r.tipo) return AppError.invalid('tipoOrden', 'El tipo de orden indicado no existe o está archivado.');
  if (!r.area) return AppError.invalid('area', 'El área indicada no existe o está archivada.');
  if (!r.prioridad) return AppError.invalid('prioridad', 'La prioridad indicada no existe.');
  if (!r.usuarios) return AppError.invalid('responsable', 'Algún responsable indicado no existe o está inactivo.');
  if (!r.ubicacion) return AppError.invalid('ubicacion', MENSAJE_UBICACION);
  if (!r.equipo) return AppError.invalid('equipo', MENSAJE_EQUIPO);
  return null;
}

/**
 * The writes of orders: create, update, state changes, delegation (responsables), field edits and
 * deletion, each with its rules and transaction, publishing its events after commit. Reads, and
 * the detail every write answers with, are OrdersLecturasService's.
 */
/** Where a reopened order goes: the one state Finalizada may move to (estados.ts). */
const ESTADO_REABIERTA = TRANSICIONES[ESTADO.FINALIZADA][0] ?? ESTADO.EN_PROCESO;

export class OrdersService {
  private readonly consultar: Consultar | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly plans: Pick<PuertoPlanes, 'renovarSiVencio'>,
    private readonly lecturas: OrdersLecturasService,
    /** The plans' and entidades' statements the create composes (the quota, the number), one and in batch. */
    private readonly ajenas: SentenciasAjenas & SentenciasAjenasEnLote,
    /** Other modules' rules that may block a state change (kernel/reglas-de-estado.ts). */
    private readonly reglas: Pick<ReglasDeEstado, 'exigir'>,
    opciones: {
      /** The prepared reader, for the create statement; plain `db.execute` when absent. */
      consultar?: Consultar;
    } = {},
  ) {
    this.consultar = opciones.consultar;
  }

  private repo(tx?: DbOrTx) {
    return tx ? new OrdersRepository(tx) : new OrdersRepository(this.db, this.consultar);
  }

  private publishAll(events: DomainEvent[]) {
    for (const e of events) this.bus.publish(e);
  }

  /** Loads and locks an order for a change inside a transaction. */
  private async cargarParaCambio(actor: Actor, id: number, tx: DbOrTx): Promise<OrdenFila> {
    if (!(await this.repo(tx).lock(actor.entidadId, id))) throw AppError.notFound(NO_EXISTE);
    return this.lecturas.find(actor, id, tx);
  }

  /** "Nombre Apellido" of each user, in the order of `ids`, for the history. */
  private async nombresDePersonas(entidadId: number, ids: readonly number[], tx: DbOrTx): Promise<string[]> {
    if (!ids.length) return [];
    const n = await this.lecturas.nombres.de(entidadId, { usuarios: [...ids] }, tx);
    return ids.flatMap((id) => {
      const p = n.usuarios.get(id);
      return p ? [`${p.nombre} ${p.apellido}`.trim()] : [];
    });
  }

  private async validarReferencias(
    actor: Actor,
    tx: DbOrTx,
    q: {
      cliente?: number | null;
      tipo?: number | null;
      area?: number | null;
      prioridad?: number | null;
      usuarios?: number[];
    },
  ) {
    const r = await this.repo(tx).refs(actor.entidadId, q);
    if (q.cliente != null && !r.cliente)
      throw AppError.invalid('cliente', 'El cliente indicado no existe o está inactivo.');
    if (q.tipo != null && !r.tipo)
      throw AppError.invalid('tipoOrden', 'El tipo de orden indicado no existe o está archivado.');
    if (q.area != null && !r.area) throw AppError.invalid('area', 'El área indicada no existe o está archivada.');
    if (q.prioridad != null && !r.prioridad) throw AppError.invalid('prioridad', 'La prioridad indicada no existe.');
    if (q.usuarios?.length && r.usuarios !== q.usuarios.length) {
      throw AppError.invalid('responsable', 'Algún responsable indicado no existe o está inactivo.');
    }
  }

  /**
   * The site and equipo an edit leaves (left out: kept; null: removed), checked against the order's
   * client (issue 32): the site must be the client's, the equipo the client's and at that site. A
   * site left empty with an equipo takes the equipo's.
   */
  private async sitioYEquipo(
    entidadId: number,
    b: Guardar,
    o: OrdenFila,
    tx: DbOrTx,
  ): Promise<{ ubicacionId: number | null; equipoId: number | null }> {
    const equipoId = b.equipo !== undefined ? b.equipo : (o.equipoId ?? null);
    let ubicacionId = b.ubicacion !== undefined ? b.ubicacion : (o.ubicacionId ?? null);
    if (ubicacionId == null && equipoId == null) return { ubicacionId, equipoId };
    const r = await this.repo(tx).refsDeEquipo(entidadId, b.cliente, ubicacionId, equipoId);
    if (!r.ubicacion) throw AppError.invalid('ubicacion', MENSAJE_UBICACION);
    if (!r.equipo) throw AppError.invalid('equipo', MENSAJE_EQUIPO);
    if (ubicacionId == null) ubicacionId = r.ubicacionDelEquipo;
    return { ubicacionId, equipoId };
  }

  private validarFechas(inicio: number | null | undefined, fin: number | null | undefined) {
    if (inicio != null && fin != null && fin < inicio) {
      throw AppError.invalid('fechaFin', 'La fecha de fin no puede ser anterior a la fecha de inicio.');
    }
  }

  /** POST /api/v2/ordenes/save: creates (no id) or updates (with id). */
  async save(actor: Actor, body: Guardar): Promise<OrdenDetalle> {
    if (body.archivos?.length || body.archivosBorrados?.length) {
      throw AppError.invalid('archivos', 'Los archivos se adjuntan desde la pantalla Archivos de la orden.');
    }
    this.validarFechas(body.fechaInicio, body.fechaFin);
    if (body.id) return this.actualizar(actor, body.id, body);
    return this.crear(actor, body);
  }

  /** The row of a new order from what was sent, after the create's own checks (permissions, state). */
  private nuevaOrden(actor: Actor, b: Guardar): NuevaOrden {
    if (!tienePermiso(actor, 'crearOrden')) throw AppError.forbidden('No tiene permiso para crear órdenes.');
    if (!puedeCrear(actor, b.cliente)) {
      throw AppError.forbidden('No tiene permiso para delegar órdenes a este cliente.');
    }
    const estado = b.estado ?? ESTADO.PENDIENTE;
    if (estado !== ESTADO.PENDIENTE && estado !== ESTADO.EN_PROCESO) {
      throw AppError.invalid('estado', 'Una orden nueva empieza Pendiente o En proceso.');
    }
    const now = this.clock.now();
    return {
      entidadId: actor.entidadId,
      ...columnasDelFormulario(b),
      estadoId: estado,
      registroResponsableId: actor.id,
      ubicacionId: b.ubicacion ?? null,
      equipoId: b.equipo ?? null,
      creada: now,
      responsables: b.responsable,
    };
  }

  /**
   * A new order, answered from what was stored, without reading it back. With an Idempotency-Key
   * the statement runs in a transaction that also completes the key with the answer; without one,
   * on its own (one round trip, a prepared statement).
   */
  private async crear(actor: Actor, b: Guardar): Promise<OrdenDetalle> {
    const nueva = this.nuevaOrden(actor, b);
    /**
     * One attempt: the new order (and, in a transaction, its detail, completing the key), or null
     * when no quota was left.
     */
    const intentar = async (tx?: DbOrTx): Promise<{ fila: OrdenFila; detalle?: OrdenDetalle } | null> => {
      const r = await this.insertar(nueva, tx);
      if (!r) return null;
      const fila = this.filaNueva(r.id, r.numero, nueva);
      // With a site or an equipo the detail names them: read back (only then).
      if (nueva.ubicacionId != null || nueva.equipoId != null) {
        const leido = await this.lecturas.detalle(actor, r.id, tx);
        return { fila, detalle: tx ? await responderEnTransaccion(tx, leido) : leido };
      }
      if (!tx) return { fila };
      return { fila, detalle: await responderEnTransaccion(tx, await this.lecturas.detalleDe(actor, fila, tx)) };
    };
    const conClave = hayClaveEnCurso();
    const alta = () => (conClave ? this.db.transaction((tx) => intentar(tx)) : intentar());
    let d = await alta();
    // No quota taken: the period may have ended. Start the new one, if due, and try once more.
    if (!d && (await this.plans.renovarSiVencio(actor.entidadId))) d = await alta();
    if (!d) {
      throw new AppError('QUOTA_AGOTADA', QUOTA_AGOTADA);
    }
    const base = { entidadId: actor.entidadId, ordenId: d.fila.id, usuarioId: actor.id };
    this.publishAll([
      { type: 'orden.creada', ...base, tipoOrdenId: nueva.tipoOrdenId },
      { type: 'plan.cambiado', entidadId: actor.entidadId, cupoUsado: true },
      ...(b.responsable.length
        ? [{ type: 'orden.responsablesCambiados' as const, ...base, agregados: b.responsable }]
        : []),
    ]);
    return d.detalle ?? this.lecturas.detalleDe(actor, d.fila);
  }

  /** The create statement, and what it found wrong in the references; null when no quota was left. */
  private async insertar(nueva: NuevaOrden, tx?: DbOrTx): Promise<{ id: number; numero: number } | null> {
    const r = await this.repo(tx).insert(nueva, this.ajenas);
    const rechazo = rechazoDeReferencias(r);
    if (rechazo) throw rechazo;
    if (!r.cupo || r.id == null || r.numero == null) return null;
    return { id: r.id, numero: r.numero };
  }

  /**
   * For other modules, before their transaction that creates an order (`crearEnTransaccion`): starts
   * the plan's new period if the last one ended, as a create does when it finds no quota left.
   */
  async renovarCupoSiVencio(entidadId: number): Promise<void> {
    await this.plans.renovarSiVencio(entidadId);
  }

  /**
   * For other modules (a checklist's follow-up order): a new order created inside their
   * transaction by the same statement as every create (permissions, quota, number, history), so it
   * commits or rolls back with their change. The events it owes are returned, for the caller to
   * publish after its commit. QUOTA_AGOTADA when the plan has no order left.
   */
  async crearEnTransaccion(
    tx: DbOrTx,
    actor: Actor,
    b: Guardar,
  ): Promise<{ id: number; numero: number; titulo: string; eventos: DomainEvent[] }> {
    this.validarFechas(b.fechaInicio, b.fechaFin);
    const nueva = this.nuevaOrden(actor, b);
    const r = await this.insertar(nueva, tx);
    if (!r) throw new AppError('QUOTA_AGOTADA', QUOTA_AGOTADA);
    const base = { entidadId: actor.entidadId, ordenId: r.id, usuarioId: actor.id };
    return {
      ...r,
      titulo: nueva.titulo,
      eventos: [
        { type: 'orden.creada', ...base, tipoOrdenId: nueva.tipoOrdenId },
        { type: 'plan.cambiado', entidadId: actor.entidadId, cupoUsado: true },
        ...(b.responsable.length
          ? [{ type: 'orden.responsablesCambiados' as const, ...base, agregados: b.responsable }]
          : []),
      ],
    };
  }

  /**
   * For the maintenance scheduler: several new orders of one company inside its transaction, in
   * one statement (`OrdersRepository.insertLote`), each with the checks, quota, number, history
   * and events of `crearEnTransaccion`. Each one answers on its own: its order and the events it
   * owes (published by the caller after its commit), or the error a single create would throw
   * (permissions, references, dates; QUOTA_AGOTADA for the ones the quota did not reach: the
   * quota is taken in the given order). Nothing is written for a refused one.
   */
  async crearVariasEnTransaccion(
    tx: DbOrTx,
    entidadId: number,
    altas: readonly { actor: Actor; orden: Guardar }[],
  ): Promise<({ id: number; numero: number; eventos: DomainEvent[] } | { error: AppError })[]> {
    const creada = this.clock.now();
    const pedidas: ({ nueva: NuevaOrden } | { error: AppError })[] = altas.map(({ actor, orden }) => {
      if (actor.entidadId !== entidadId) throw new Error('un lote de altas es de una sola empresa');
      try {
        this.validarFechas(orden.fechaInicio, orden.fechaFin);
        return { nueva: { ...this.nuevaOrden(actor, orden), creada } };
      } catch (e) {
        if (e instanceof AppError) return { error: e };
        throw e;
      }
    });
    const nuevas = pedidas.flatMap((p) => ('nueva' in p ? [p.nueva] : []));
    const hechas = await this.repo(tx).insertLote(entidadId, creada, nuevas, this.ajenas);
    let n = 0;
    return pedidas.map((p) => {
      if (!('nueva' in p)) return p;
      const r = hechas[n++]!;
      const rechazo = rechazoDeReferencias(r);
      if (rechazo) return { error: rechazo };
      if (!r.cupo || r.id == null || r.numero == null) return { error: new AppError('QUOTA_AGOTADA', QUOTA_AGOTADA) };
      const base = { entidadId, ordenId: r.id, usuarioId: p.nueva.registroResponsableId };
      const agregados = [...p.nueva.responsables];
      return {
        id: r.id,
        numero: r.numero,
        eventos: [
          { type: 'orden.creada', ...base, tipoOrdenId: p.nueva.tipoOrdenId },
          { type: 'plan.cambiado', entidadId, cupoUsado: true },
          ...(agregados.length ? [{ type: 'orden.responsablesCambiados' as const, ...base, agregados }] : []),
        ],
      };
    });
  }

  /** The row of an order just stored, from what was sent (a new order has no billing data yet). */
  private filaNueva(id: number, numero: number, nueva: NuevaOrden): OrdenFila {
    const t = nueva.creada.getTime();
    return {
      id,
      numero,
      titulo: nueva.titulo,
      detalle: nueva.detalle,
      estadoId: nueva.estadoId,
      clienteId: nueva.clienteId,
      tipoOrdenId: nueva.tipoOrdenId,
      areaId: nueva.areaId,
      prioridadId: nueva.prioridadId,
      fechaInicio: nueva.fechaInicio?.getTime() ?? null,
      fechaFin: nueva.fechaFin?.getTime() ?? null,
      creada: t,
      actualizada: t,
      finalizada: null,
      registroResponsableId: nueva.registroResponsableId,
      e5sAreaKey: nueva.e5sAreaKey,
      e5sAreaName: nueva.e5sAreaName,
      responsables: [...nueva.responsables].sort((x, y) => x - y),
    };
  }

  private async actualizar(actor: Actor, id: number, b: Guardar): Promise<OrdenDetalle> {
    const now = this.clock.now();
    const events: DomainEvent[] = [];
    const detalle = await this.db.transaction(async (tx) => {
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
      const sitio = await this.sitioYEquipo(actor.entidadId, b, o, tx);
      const set = {
        ...sitio,
        ...columnasDelFormulario(b),
        actualizada: now,
      };
      await repo.update(actor.entidadId, id, set);
      const n = await this.lecturas.nombres.de(
        actor.entidadId,
        {
          clientes: [set.clienteId],
          tipos: [set.tipoOrdenId],
          areas: [set.areaId],
          prioridades: [set.prioridadId],
          usuarios: b.responsable,
        },
        tx,
      );
      const ev = (tipo: string, datos: Record<string, unknown>) =>
        repo.insertEvento({ entidadId: actor.entidadId, ordenId: id, tipo, usuarioId: actor.id, fecha: now, datos });
      if (o.titulo !== b.titulo) await ev('TITULO', { anterior: o.titulo, nuevo: b.titulo });
      if (o.detalle !== b.detalle) await ev('DETALLE', {});
      if (o.fechaInicio !== (b.fechaInicio ?? null))
        await ev('FECHA', { campo: 'fechaInicio', anterior: o.fechaInicio, nuevo: b.fechaInicio ?? null });
      if (o.fechaFin !== (b.fechaFin ?? null))
        await ev('FECHA', { campo: 'fechaFin', anterior: o.fechaFin, nuevo: b.fechaFin ?? null });
      if (o.tipoOrdenId !== set.tipoOrdenId)
        await ev('TIPO', { id: set.tipoOrdenId, nombre: nombreDe(set.tipoOrdenId, n.tipos) });
      if (o.areaId !== set.areaId) await ev('AREA', { id: set.areaId, nombre: nombreDe(set.areaId, n.areas) });
      if (o.prioridadId !== set.prioridadId)
        await ev('PRIORIDAD', { id: set.prioridadId, nombre: n.prioridades.get(set.prioridadId ?? 0)?.nombre ?? null });
      if (o.clienteId !== set.clienteId)
        await ev('CLIENTE', { id: set.clienteId, nombre: nombreDe(set.clienteId, n.clientes) });
      const antes = [...o.responsables].sort((x, y) => x - y);
      const despues = [...b.responsable].sort((x, y) => x - y);
      if (antes.join(',') !== despues.join(',')) {
        if (!puedeDelegar(actor, acceso(o))) throw AppError.forbidden(SIN_DELEGAR);
        await repo.setResponsables(id, despues);
        const nombres = await this.nombresDePersonas(actor.entidadId, despues, tx);
        await ev('RESPONSABLE', { anteriores: antes, responsables: despues, nombres });
        events.push(
          ...cambioDeResponsables({ entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id }, antes, despues),
        );
      }
      events.unshift({
        type: 'orden.modificada',
        entidadId: actor.entidadId,
        ordenId: id,
        usuarioId: actor.id,
        ...(o.tipoOrdenId !== set.tipoOrdenId ? { tipoCambiado: true as const } : {}),
      });
      return responderEnTransaccion(tx, await this.lecturas.detalle(actor, id, tx));
    });
    this.publishAll(events);
    return detalle;
  }

  /** DELETE /api/v2/orden/{id}: needs borrarOrden for its client. The order leaves every list; its history stays. */
  async delete(actor: Actor, id: number): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeBorrar(actor, acceso(o)))
        throw AppError.forbidden('No tiene permiso para eliminar órdenes de este cliente.');
      const repo = this.repo(tx);
      await repo.insertEvento({
        entidadId: actor.entidadId,
        ordenId: id,
        tipo: 'ELIMINADA',
        usuarioId: actor.id,
        fecha: now,
      });
      await repo.softDelete(actor.entidadId, id);
    });
    this.bus.publish({ type: 'orden.eliminada', entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id });
  }

  /** PUT /api/v2/estado/{id} {estado, comentarios}. */
  async cambiarEstado(actor: Actor, id: number, b: z.output<typeof zCambioEstado>): Promise<OrdenDetalle> {
    if (!esEstadoValido(b.estado)) throw AppError.invalid('estado', 'El estado indicado no existe.');
    const now = this.clock.now();
    const detalle = await this.db.transaction(async (tx) => {
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
            ? 'Necesita el permiso «Finalizar órdenes» para finalizar o reabrir una orden.'
            : MENSAJES.sinPermiso,
        );
      }
      // Other modules' rules (required checklist items, conformity), read through this transaction.
      await this.reglas.exigir({
        actor,
        tx,
        ordenId: id,
        tipoOrdenId: o.tipoOrdenId,
        desde: o.estadoId,
        hacia: b.estado,
      });
      const repo = this.repo(tx);
      await repo.update(actor.entidadId, id, {
        estadoId: b.estado,
        actualizada: now,
        finalizada: b.estado === ESTADO.FINALIZADA ? now : null,
      });
      await repo.insertEvento({
        entidadId: actor.entidadId,
        ordenId: id,
        tipo: 'ESTADO',
        usuarioId: actor.id,
        fecha: now,
        estadoAnteriorId: o.estadoId,
        estadoNuevoId: b.estado,
        comentario: b.comentarios,
      });
      return responderEnTransaccion(tx, await this.lecturas.detalle(actor, id, tx));
    });
    this.bus.publish({
      type: 'orden.estadoCambiado',
      entidadId: actor.entidadId,
      ordenId: id,
      usuarioId: actor.id,
      estadoId: b.estado,
      comentario: b.comentarios,
    });
    return detalle;
  }

  /** PUT /api/v3/responsable/{id}: replaces the responsables (one or several). */
  async cambiarResponsables(actor: Actor, id: number, b: z.output<typeof zCambioResponsable>): Promise<OrdenDetalle> {
    const now = this.clock.now();
    let cambio: DomainEvent[] = [];
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeModificar(actor, acceso(o))) throw AppError.forbidden(SOLO_LECTURA);
      if (!puedeDelegar(actor, acceso(o))) throw AppError.forbidden(SIN_DELEGAR);
      await this.validarReferencias(actor, tx, { usuarios: b.responsable });
      const repo = this.repo(tx);
      const nuevos = [...b.responsable].sort((x, y) => x - y);
      cambio = cambioDeResponsables(
        { entidadId: actor.entidadId, ordenId: id, usuarioId: actor.id },
        o.responsables,
        nuevos,
      );
      await repo.setResponsables(id, nuevos);
      await repo.update(actor.entidadId, id, { actualizada: now });
      const nombres = await this.nombresDePersonas(actor.entidadId, nuevos, tx);
      await repo.insertEvento({
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
      ...cambio,
    ]);
    return this.lecturas.detalle(actor, id);
  }

  /**
   * For the contractor links (modules/externos): adds `cambio.agregar` to the order's responsables
   * or takes `cambio.quitar` out, inside the caller's transaction (which locked the order with
   * `acceso(…, { bloquear: true })` and decided who may), with the RESPONSABLE event under `actor`.
   * Gives what to publish after the commit; nothing when nothing changed.
   */
  async responsableEnTransaccion(
    tx: DbOrTx,
    actor: Actor,
    ordenId: number,
    anteriores: readonly number[],
    cambio: { agregar?: number; quitar?: number },
    comentario: string | null,
  ): Promise<DomainEvent[]> {
    const conAgregado = cambio.agregar === undefined ? [...anteriores] : [...new Set([...anteriores, cambio.agregar])];
    const nuevos = conAgregado.filter((u) => u !== cambio.quitar).sort((x, y) => x - y);
    if (nuevos.length === anteriores.length && nuevos.every((u) => anteriores.includes(u))) return [];
    const repo = this.repo(tx);
    await repo.setResponsables(ordenId, nuevos);
    await repo.update(actor.entidadId, ordenId, { actualizada: this.clock.now() });
    await repo.insertEvento({
      entidadId: actor.entidadId,
      ordenId,
      tipo: 'RESPONSABLE',
      usuarioId: actor.id,
      fecha: this.clock.now(),
      comentario,
      datos: { anteriores, responsables: nuevos, nombres: await this.nombresDePersonas(actor.entidadId, nuevos, tx) },
    });
    return [
      { type: 'orden.modificada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id },
      ...cambioDeResponsables({ entidadId: actor.entidadId, ordenId, usuarioId: actor.id }, anteriores, nuevos),
    ];
  }

  /** Edits of one field (titulo, detalle, fechas, tipo, area), each an event in the history. */
  async updateCampo(
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
    let tipoCambiado = false;
    await this.db.transaction(async (tx) => {
      const o = await this.cargarParaCambio(actor, id, tx);
      if (!puedeModificar(actor, acceso(o))) throw AppError.forbidden(SOLO_LECTURA);
      const repo = this.repo(tx);
      const ev = (tipo: string, datos: Record<string, unknown>) =>
        repo.insertEvento({ entidadId: actor.entidadId, ordenId: id, tipo, usuarioId: actor.id, fecha: now, datos });
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
          const n = await this.lecturas.nombresDe(
            actor.entidadId,
            tipo ? { tipos: [cambio.valor] } : { areas: [cambio.valor] },
            tx,
          );
          const nombre = nombreDe(cambio.valor, tipo ? n.tipos : n.areas);
          await ev(tipo ? 'TIPO' : 'AREA', { id: cambio.valor, nombre });
          tipoCambiado = tipo;
          return;
        }
      }
    });
    this.bus.publish({
      type: 'orden.modificada',
      entidadId: actor.entidadId,
      ordenId: id,
      usuarioId: actor.id,
      ...(tipoCambiado ? { tipoCambiado: true as const } : {}),
    });
    return this.lecturas.detalle(actor, id);
  }

  /**
   * For other modules (files, expenses, reports): the order if the actor may see it (404 otherwise,
   * as everywhere) and what they may do with it. With `bloquear` inside a transaction the order row
   * is locked until it ends.
   */
  async acceso(actor: Actor, id: number, opts: { tx?: DbOrTx; bloquear?: boolean } = {}): Promise<AccesoOrden> {
    const tx = opts.tx ?? this.db;
    const o = opts.bloquear ? await this.cargarParaCambio(actor, id, tx) : await this.lecturas.find(actor, id, tx);
    const ac = acceso(o);
    return { orden: o, modificar: puedeModificar(actor, ac), borrar: puedeBorrar(actor, ac) };
  }

  /**
   * For other modules (the client's «No conforme» from the public summary, issue 31): moves a
   * finished order back to the reopened state of the transition table (Finalizada → En proceso),
   * inside their transaction, with its ESTADO event in the history under `usuarioId` and the
   * reason as its comment (and `datos`, e.g. that the client did it from a link). No actor: the
   * caller decided who may do it. True when it reopened; the caller publishes after its commit.
   */
  async reabrir(
    tx: DbOrTx,
    entidadId: number,
    ordenId: number,
    usuarioId: number,
    comentario: string,
    datos: Record<string, unknown> | null = null,
  ): Promise<boolean> {
    const repo = this.repo(tx);
    const estado = await repo.lockEstado(entidadId, ordenId);
    if (estado !== ESTADO.FINALIZADA) return false;
    const now = this.clock.now();
    await repo.update(entidadId, ordenId, { estadoId: ESTADO_REABIERTA, actualizada: now, finalizada: null });
    await repo.insertEvento({
      entidadId,
      ordenId,
      tipo: 'ESTADO',
      usuarioId,
      fecha: now,
      estadoAnteriorId: estado,
      estadoNuevoId: ESTADO_REABIERTA,
      comentario,
      datos,
    });
    return true;
  }

  /** For other modules: writes an event in the order's history, inside their transaction. */
  async insertEvento(tx: DbOrTx, actor: Actor, ordenId: number, e: EventoAjeno): Promise<void> {
    await this.insertEventos(tx, actor, ordenId, [e]);
  }

  /** For other modules: writes several events in the order's history at once, in order, inside their transaction. */
  async insertEventos(tx: DbOrTx, actor: Actor, ordenId: number, es: readonly EventoAjeno[]): Promise<void> {
    const ahora = this.clock.now();
    await this.repo(tx).insertEventos(
      es.map((e) => ({
        entidadId: actor.entidadId,
        ordenId,
        tipo: e.tipo,
        usuarioId: actor.id,
        fecha: e.fecha ?? ahora,
        comentario: e.comentario ?? null,
        datos: e.datos ?? null,
      })),
    );
  }
}
