import {
  type ProgramadaCalendario,
  esAdmin,
  fechasDeRegla,
  finDelDia,
  hoyEn,
  inicioDelDia,
  LIMITES_MANTENIMIENTO,
  proximasFechas,
  siguienteTrasFinalizar,
  sumarDias,
  diaDeMs,
  tienePermiso,
  tienePermisoCliente,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type zMantenimientoGuardar,
  type Mantenimiento,
  type ProyeccionCupo,
  type SujetoPermisos,
} from '@delego/contract';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import { AppError } from '../../kernel/errors.js';
import { limitarConcurrencia } from '../../lib/concurrencia.js';
import type { PuertoCorreo } from '../mail/index.js';
import { encolarCorreoDeEmpresa, plantillaAvisoDePlan } from '../mail/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import { columnasDeContenido, type PuertoOrdenes } from '../orders/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import { MaintenanceRepository, type PlanAGenerar, type PlanFila } from './maintenance.repository.js';

type Guardar = z.output<typeof zMantenimientoGuardar>;

/** The zone of every company until companies get their own (docs/FECHAS.md). */
const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
/**
 * Plans and occurrences handled per transaction by the scheduler. An occurrences' batch is one
 * create statement for all its orders and holds its company's quota row until it commits: 200
 * orders take ~0.1–0.25 s on the bench (docs/BENCHMARKS.md), so an order saved by hand meanwhile
 * waits about that; with 50 the triggers' cost per statement weighed more and the run was slower.
 */
const LOTE_PLANES = 500;
const LOTE_OCURRENCIAS = 200;
/** Companies whose orders are created at once (each on its own connection of the pool). */
const EMPRESAS_A_LA_VEZ = 4;
/** Days written at most per plan and run (a long outage is caught up over a few runs). */
const MAX_POR_PLAN = 400;

export const SIN_PERMISO_MANTENIMIENTO =
  'No puede programar mantenimiento para este cliente: necesita los permisos «Crear órdenes» y «Delegar órdenes» para el cliente.';

/**
 * One scheduled occurrence in a range, as the calendar reads it (the contract's
 * `ProgramadaCalendario`; `fecha` is the due day's first instant in the company's zone).
 */
export type Programada = ProgramadaCalendario;

/** What one scheduler run did (the bench and the tests read it). */
export interface ResultadoTick {
  escritas: number;
  creadas: number;
  esperandoCupo: number;
  fallidas: number;
}

export interface DepsMantenimiento {
  orders: Pick<PuertoOrdenes, 'crearVariasEnTransaccion' | 'renovarCupoSiVencio'>;
  plans: Pick<PuertoPlanes, 'estado'>;
  notifications: Pick<PuertoNotificaciones, 'create'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  publicUrl: string;
  /**
   * Awaited after each batch's commit. PGlite has one connection: a long catch-up (a server that
   * was down for weeks) would otherwise hold it batch after batch, and a request's next statement
   * would always queue behind the next batch; the pause lets requests through (index.ts).
   */
  respiro?: () => Promise<void>;
  /** Occurrences per batch (one transaction, one create statement): 200 unless said (index.ts). */
  loteOcurrencias?: number;
}

/** The clients an actor may schedule for: null = all (admins), else those with delegarOrden. */
function clientesProgramables(a: SujetoPermisos): number[] | null {
  if (esAdmin(a)) return null;
  if (!tienePermiso(a, 'crearOrden')) return [];
  return a.permisos.clientes.filter((c) => c.delegarOrden).map((c) => c.clienteID);
}

const puedeProgramar = (a: SujetoPermisos, clienteId: number) =>
  tienePermiso(a, 'crearOrden') && tienePermisoCliente(a, clienteId, 'delegarOrden');

/** The next unwritten due day of a plan from `desde`, and when to write it. */
function cursor(p: Pick<PlanAGenerar, 'regla' | 'inicio' | 'fin' | 'anticipacion'>, desde: string) {
  const [proxima = null] = fechasDeRegla(p.regla, { inicio: p.inicio, fin: p.fin }, desde, null, 1);
  return { proxima, generarDesde: proxima === null ? null : sumarDias(proxima, -p.anticipacion) };
}

/**
 * Scheduled maintenance (issue 32, docs/MANTENIMIENTO.md): the plans' CRUD for who may create
 * orders for their client, and the scheduler run (`ejecutar`) that writes each due day once and
 * creates its order through the orders module, waiting for quota when there is none.
 */
export class MaintenanceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: DepsMantenimiento,
    /** Asks the runner for a run soon (a new plan may be due today). */
    private readonly despertar: () => void = () => undefined,
  ) {}

  private repo(db = this.db) {
    return new MaintenanceRepository(db);
  }

  private hoy(): string {
    return hoyEn(ZONA, this.clock.now().getTime());
  }

  // ---------------------------------------------------------------------------------------------
  // CRUD

  async list(actor: Actor): Promise<Mantenimiento[]> {
    const visibles = clientesProgramables(actor);
    if (visibles !== null && !visibles.length) return [];
    const planes = await this.repo().planes(actor.entidadId, visibles);
    return this.vistas(actor.entidadId, planes);
  }

  async find(actor: Actor, id: number): Promise<Mantenimiento> {
    const p = await this.visible(actor, id);
    const [v] = await this.vistas(actor.entidadId, [p]);
    return v!;
  }

  async crear(actor: Actor, b: Guardar): Promise<Mantenimiento> {
    await this.validar(actor, b);
    const hoy = this.hoy();
    const c = b.activo ? cursor(b, b.inicio > hoy ? b.inicio : hoy) : { proxima: null, generarDesde: null };
    // One transaction for the plan and, when the request has an Idempotency-Key, its answer: a
    // retry after a cut finds the key completed exactly when the plan exists.
    const vista = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const id = await repo.insertar({
        entidadId: actor.entidadId,
        ...this.columnas(b),
        creadoPor: actor.id,
        creado: this.clock.now(),
        ...c,
      });
      const [v] = await this.vistas(actor.entidadId, [(await repo.plan(actor.entidadId, id))!], repo);
      return responderEnTransaccion(tx, v!);
    });
    this.cambiado(actor.entidadId);
    this.despertar();
    return vista;
  }

  async guardar(actor: Actor, id: number, b: Guardar): Promise<Mantenimiento> {
    await this.visible(actor, id);
    await this.validar(actor, b);
    const hoy = this.hoy();
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      // Days not yet turned into orders follow the new rule from today.
      await repo.borrarAbiertas(actor.entidadId, id);
      const c = b.activo ? cursor(b, b.inicio > hoy ? b.inicio : hoy) : { proxima: null, generarDesde: null };
      await repo.actualizar(actor.entidadId, id, { ...this.columnas(b), ...c });
    });
    this.cambiado(actor.entidadId);
    this.despertar();
    return this.find(actor, id);
  }

  async pausar(actor: Actor, id: number, activo: boolean): Promise<Mantenimiento> {
    const p = await this.visible(actor, id);
    if (!puedeProgramar(actor, p.clienteId)) throw AppError.forbidden(SIN_PERMISO_MANTENIMIENTO);
    const hoy = this.hoy();
    // Resuming starts from today: what fell due while paused is not created afterwards.
    const c = activo ? cursor(p, p.inicio > hoy ? p.inicio : hoy) : { proxima: p.proxima, generarDesde: null };
    await this.repo().actualizar(actor.entidadId, id, { activo, ...c });
    this.cambiado(actor.entidadId);
    if (activo) this.despertar();
    return this.find(actor, id);
  }

  async borrar(actor: Actor, id: number): Promise<void> {
    const p = await this.visible(actor, id);
    if (!puedeProgramar(actor, p.clienteId)) throw AppError.forbidden(SIN_PERMISO_MANTENIMIENTO);
    await this.repo().borrar(actor.entidadId, id);
    this.cambiado(actor.entidadId);
  }

  /** After a plan's change committed: what caches its dates (the calendar) drops them, on every instance. */
  private cambiado(entidadId: number): void {
    this.bus.publish({ type: 'mantenimiento.cambiado', entidadId });
  }

  /** A plan the actor may see (its client is one the actor schedules for), else 404. */
  private async visible(actor: Actor, id: number): Promise<PlanFila & { clienteNombre: string }> {
    const p = await this.repo().plan(actor.entidadId, id);
    const visibles = clientesProgramables(actor);
    if (!p || (visibles !== null && !visibles.includes(p.clienteId))) throw AppError.notFound();
    return p;
  }

  private async validar(actor: Actor, b: Guardar): Promise<void> {
    if (!tienePermiso(actor, 'crearOrden')) throw AppError.forbidden('No tiene permiso para crear órdenes.');
    if (!puedeProgramar(actor, b.cliente)) throw AppError.forbidden(SIN_PERMISO_MANTENIMIENTO);
    const t = b.plantilla;
    const r = await this.repo().referencias(actor.entidadId, {
      cliente: b.cliente,
      tipoOrden: t.tipoOrden ?? null,
      area: t.area ?? null,
      prioridad: t.prioridad ?? null,
      responsables: t.responsable,
      ubicacion: b.ubicacion ?? null,
      equipo: b.equipo ?? null,
    });
    if (!r.cliente) throw AppError.invalid('cliente', 'El cliente indicado no existe o está inactivo.');
    if (!r.tipo) throw AppError.invalid('plantilla.tipoOrden', 'El tipo de orden indicado no existe o está archivado.');
    if (!r.area) throw AppError.invalid('plantilla.area', 'El área indicada no existe o está archivada.');
    if (!r.prioridad) throw AppError.invalid('plantilla.prioridad', 'La prioridad indicada no existe.');
    if (!r.usuarios)
      throw AppError.invalid('plantilla.responsable', 'Algún responsable indicado no existe o está inactivo.');
    if (!r.ubicacion) throw AppError.invalid('ubicacion', 'La ubicación indicada no existe o no es del cliente.');
    if (!r.equipo)
      throw AppError.invalid('equipo', 'El equipo indicado no existe, no es del cliente o está en otra ubicación.');
  }

  private columnas(b: Guardar) {
    const t = b.plantilla;
    return {
      clienteId: b.cliente,
      ubicacionId: b.ubicacion ?? null,
      equipoId: b.equipo ?? null,
      regla: b.regla,
      inicio: b.inicio,
      fin: b.fin ?? null,
      anticipacion: b.anticipacion,
      ...columnasDeContenido(t),
      responsables: [...new Set(t.responsable)],
      activo: b.activo,
    };
  }

  private async vistas(
    entidadId: number,
    planes: (PlanFila & { clienteNombre: string })[],
    repo = this.repo(),
  ): Promise<Mantenimiento[]> {
    const ocurrencias = await repo.ocurrenciasDe(
      entidadId,
      planes.map((p) => p.id),
    );
    const hoy = this.hoy();
    return planes.map((p) => ({
      id: p.id,
      cliente: p.clienteId,
      clienteNombre: p.clienteNombre,
      ubicacion: p.ubicacionId,
      equipo: p.equipoId,
      regla: p.regla,
      inicio: p.inicio,
      fin: p.fin,
      anticipacion: p.anticipacion,
      plantilla: {
        titulo: p.titulo,
        detalle: p.detalle,
        tipoOrden: p.tipoOrdenId,
        area: p.areaId,
        prioridad: p.prioridadId,
        responsable: p.responsables,
      },
      activo: p.activo,
      creado: p.creado.getTime(),
      proximas: p.activo ? this.proximas(p, hoy) : [],
      ocurrencias: ocurrencias
        .filter((o) => o.mantenimientoId === p.id)
        .map((o) => ({
          id: o.id,
          mantenimientoId: o.mantenimientoId,
          fecha: o.fecha,
          estado: o.estado as Mantenimiento['ocurrencias'][number]['estado'],
          ordenId: o.ordenId,
          motivo: o.motivo,
        })),
    }));
  }

  /** The next due days of a plan not yet written (from its cursor on). */
  private proximas(p: Pick<PlanFila, 'regla' | 'inicio' | 'fin' | 'proxima'>, hoy: string): string[] {
    if (p.proxima === null) return [];
    if (p.regla.tipo === 'tras_finalizar') return [p.proxima];
    return proximasFechas(p.regla, { inicio: p.inicio, fin: p.fin }, p.proxima > hoy ? p.proxima : hoy);
  }

  // ---------------------------------------------------------------------------------------------
  // Quota

  /** The current period: orders the schedules will still create in it vs what the plan has left. */
  async proyeccion(actor: Actor): Promise<ProyeccionCupo> {
    const estado = await this.deps.plans.estado(actor);
    const hasta = estado?.fechaProximoVencimiento ?? null;
    const { pendientes, esperando } = await this.repo().contarAbiertas(actor.entidadId);
    const finDelPeriodo = hasta === null ? sumarDias(this.hoy(), 30) : diaDeMs(hasta - 1, ZONA);
    const planes = await this.repo().activos(actor.entidadId);
    const futuras = planes.reduce((n, p) => n + this.aCrearHasta(p, finDelPeriodo, null).length, 0);
    return {
      programadas: pendientes + esperando + futuras,
      disponibles: estado?.quotaDisponible ?? null,
      esperandoCupo: esperando,
      periodoHasta: hasta,
    };
  }

  /**
   * The unwritten due days of a plan whose order is created between `desde` (null: from its
   * cursor) and `hasta` (its creation day, due day minus anticipacion).
   */
  private aCrearHasta(p: PlanAGenerar, hasta: string, desde: string | null): string[] {
    if (p.proxima === null) return [];
    const v = { inicio: p.inicio, fin: p.fin };
    const ultimoDia = sumarDias(hasta, p.anticipacion);
    const dias =
      p.regla.tipo === 'tras_finalizar'
        ? p.proxima <= ultimoDia
          ? [p.proxima]
          : []
        : fechasDeRegla(p.regla, v, p.proxima, ultimoDia, 2 * LIMITES_MANTENIMIENTO.ordenesPorAnio);
    return desde === null ? dias : dias.filter((d) => sumarDias(d, -p.anticipacion) >= desde);
  }

  // ---------------------------------------------------------------------------------------------
  // The calendar's port

  /**
   * The occurrences scheduled in [desde, hasta] that `actor` may see (plans of the clients it
   * schedules for, or that name it responsable): the written ones without an order and the future
   * ones the rules give, not yet written.
   */
  async listProgramadas(
    entidadId: number,
    actor: SujetoPermisos & { id: number },
    desde: Date,
    hasta: Date,
  ): Promise<Programada[]> {
    const d = diaDeMs(desde.getTime(), ZONA);
    const h = diaDeMs(hasta.getTime(), ZONA);
    const visibles = clientesProgramables(actor);
    const planes = (await this.repo().planes(entidadId, null)).filter(
      (p) => visibles === null || visibles.includes(p.clienteId) || p.responsables.includes(actor.id),
    );
    const porId = new Map(planes.map((p) => [p.id, p]));
    const out: Programada[] = [];
    const de = (p: PlanFila, fecha: string, estado: Programada['estado']): Programada => ({
      planId: p.id,
      titulo: p.titulo,
      fecha: inicioDelDia(fecha, ZONA),
      clienteId: p.clienteId,
      responsables: p.responsables,
      estado,
    });
    for (const o of await this.repo().enRango(entidadId, d, h)) {
      const p = porId.get(o.planId);
      if (p) out.push(de(p, o.fecha, o.estado === 'esperando_cupo' ? 'esperando_cupo' : 'programada'));
    }
    for (const p of planes) {
      if (!p.activo || p.proxima === null) continue;
      const dias =
        p.regla.tipo === 'tras_finalizar'
          ? [p.proxima].filter((x) => x >= d && x <= h)
          : fechasDeRegla(p.regla, { inicio: p.inicio, fin: p.fin }, p.proxima > d ? p.proxima : d, h, 5000);
      for (const f of dias) out.push(de(p, f, 'programada'));
    }
    return out.sort((a, b) => a.fecha - b.fecha || a.planId - b.planId);
  }

  // ---------------------------------------------------------------------------------------------
  // The scheduler run

  /**
   * One run of the scheduler, for every company (the runner calls it; tests call it with a moved
   * clock). Exactly once does not come from the runner: a due day is a row with a unique (plan,
   * day) key, written with its plan's cursor in one transaction, and its order is created in the
   * transaction that locks the row and moves it to `creada`. Two instances running at once lock
   * different rows (SKIP LOCKED); a run killed midway leaves the rows it had not committed as
   * they were, for the next run.
   */
  async ejecutar(): Promise<ResultadoTick> {
    const r: ResultadoTick = { escritas: 0, creadas: 0, esperandoCupo: 0, fallidas: 0 };
    const hoy = this.hoy();
    await this.rearmarTrasFinalizar();
    r.escritas = await this.escribirVencidas(hoy);
    // Companies in parallel (each one's creates wait on its own quota row, never on another's).
    const turno = limitarConcurrencia(EMPRESAS_A_LA_VEZ);
    await Promise.all(
      (await this.repo().entidadesConAbiertas()).map((entidadId) =>
        turno(async () => {
          // A lapsed period is renewed before the transactions that take quota (never inside them).
          await this.deps.orders.renovarCupoSiVencio(entidadId);
          await this.crearOrdenes(r, entidadId);
        }),
      ),
    );
    await this.avisarProximoPeriodo();
    return r;
  }

  /** Only the occurrences of one company waiting for quota (its plan changed: an upgrade, a renewal). */
  async reintentarEsperando(entidadId: number): Promise<void> {
    if (!(await this.repo().contarAbiertas(entidadId)).esperando) return;
    await this.crearOrdenes({ escritas: 0, creadas: 0, esperandoCupo: 0, fallidas: 0 }, entidadId);
  }

  /** Writes every due day up to today (plus each plan's anticipation) and moves the cursors. */
  private async escribirVencidas(hoy: string): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const repo = this.repo(tx);
        const planes = await repo.planesAGenerar(tx, hoy, LOTE_PLANES);
        const filas: { entidadId: number; mantenimientoId: number; fecha: string }[] = [];
        const cursores: { id: number; proxima: string | null; generarDesde: string | null }[] = [];
        for (const p of planes) {
          const hasta = sumarDias(hoy, p.anticipacion);
          let dias: string[];
          let siguiente: { proxima: string | null; generarDesde: string | null };
          if (p.regla.tipo === 'tras_finalizar') {
            dias = p.proxima !== null && (p.fin === null || p.proxima <= p.fin) ? [p.proxima] : [];
            // The next one is known when this one's order is finished (rearmarTrasFinalizar).
            siguiente = { proxima: null, generarDesde: null };
          } else {
            dias = fechasDeRegla(p.regla, p, p.proxima ?? p.inicio, hasta, MAX_POR_PLAN);
            const ultimo = dias.at(-1);
            siguiente =
              dias.length === MAX_POR_PLAN && ultimo
                ? { proxima: sumarDias(ultimo, 1), generarDesde: hoy }
                : cursor(p, sumarDias(hasta, 1));
          }
          for (const fecha of dias) filas.push({ entidadId: p.entidadId, mantenimientoId: p.id, fecha });
          cursores.push({ id: p.id, ...siguiente });
        }
        await repo.insertarOcurrencias(tx, filas);
        await repo.moverCursores(tx, cursores);
        total += filas.length;
        return planes.length;
      });
      if (n < LOTE_PLANES) return total;
      await this.deps.respiro?.();
    }
  }

  /** `tras_finalizar` plans whose last order was finished get their next due day. */
  private async rearmarTrasFinalizar(): Promise<void> {
    const listos = await this.repo().trasFinalizarListos(ZONA);
    if (!listos.length) return;
    const cursores = listos.map((p) => {
      const proxima = siguienteTrasFinalizar(p.dias, p.finalizada);
      return p.fin !== null && proxima > p.fin
        ? { id: p.id, proxima: null, generarDesde: null }
        : { id: p.id, proxima, generarDesde: sumarDias(proxima, -p.anticipacion) };
    });
    // Written in one statement; a plan whose next day is past its end stays without one.
    await this.db.transaction((tx) =>
      this.repo(tx).moverCursores(
        tx,
        cursores.filter((c) => c.proxima !== null),
      ),
    );
    const terminados = cursores.filter((c) => c.proxima === null).map((c) => c.id);
    for (const id of terminados) {
      const p = listos.find((x) => x.id === id)!;
      await this.repo().actualizar(p.entidadId, id, { activo: false });
    }
  }

  /**
   * Creates the order of each open occurrence of a company, batch by batch, each batch one
   * transaction: the occurrences locked, their orders created by the orders module in one
   * statement (`crearVariasEnTransaccion`: quota taken in the occurrences' order, as far as it
   * goes), and the occurrences marked. A refused create (no quota, a client made inactive) writes
   * nothing; an SQL error rolls the batch back, orders and marks together.
   */
  private async crearOrdenes(r: ResultadoTick, entidadId: number): Promise<void> {
    let desdeId = 0;
    const ahora = this.clock.now();
    const tamano = this.deps.loteOcurrencias ?? LOTE_OCURRENCIAS;
    const avisos: { id: number; titulo: string; creadoPor: number; motivo: string }[] = [];
    for (;;) {
      const eventos: DomainEvent[] = [];
      const lote = await this.db.transaction(async (tx) => {
        const repo = this.repo(tx);
        const abiertas = await repo.abiertas(tx, desdeId, tamano, entidadId);
        if (!abiertas.length) return { leidas: 0, creadas: 0 };
        desdeId = abiertas.at(-1)!.id;
        const hechas = await this.deps.orders.crearVariasEnTransaccion(
          tx,
          entidadId,
          abiertas.map((o) => ({
            actor: actorDelPlan(o.entidadId, o.plan.creadoPor),
            orden: {
              titulo: o.plan.titulo,
              detalle: o.plan.detalle,
              tipoOrden: o.plan.tipoOrdenId,
              area: o.plan.areaId,
              prioridad: o.plan.prioridadId,
              responsable: o.plan.responsables,
              cliente: o.plan.clienteId,
              ubicacion: o.plan.ubicacionId,
              equipo: o.plan.equipoId,
              fechaInicio: inicioDelDia(o.fecha, ZONA),
              fechaFin: finDelDia(o.fecha, ZONA),
            },
          })),
        );
        const creadas: { id: number; ordenId: number }[] = [];
        const esperando: number[] = [];
        const fallidas: { id: number; motivo: string }[] = [];
        abiertas.forEach((o, i) => {
          const h = hechas[i]!;
          if (!('error' in h)) {
            creadas.push({ id: o.id, ordenId: h.id });
            eventos.push(...h.eventos);
            r.creadas++;
          } else if (h.error.code === 'QUOTA_AGOTADA') {
            if (o.estado !== 'esperando_cupo') esperando.push(o.id);
            r.esperandoCupo++;
          } else {
            fallidas.push({ id: o.id, motivo: h.error.message });
            r.fallidas++;
          }
        });
        await repo.marcarCreadas(tx, creadas, ahora);
        await repo.marcarEsperando(tx, esperando, ahora);
        await repo.marcarFallidas(tx, fallidas, ahora);
        // A refusal is the plan's (a client closed, a type archived, a responsable gone): it would
        // fail again every day. Its plan is paused, and who made it is told why (after the commit).
        const motivoDe = new Map<number, string>();
        for (const f of fallidas) {
          const planId = abiertas.find((o) => o.id === f.id)!.plan.id;
          if (!motivoDe.has(planId)) motivoDe.set(planId, f.motivo);
        }
        const pausados = await repo.pausarPorRechazo(tx, entidadId, [...motivoDe.keys()]);
        for (const p of pausados) avisos.push({ ...p, motivo: motivoDe.get(p.id)! });
        return { leidas: abiertas.length, creadas: creadas.length };
      });
      // A catch-up after days down is a few batches: each one committed says so, as it goes.
      if (lote.creadas > 0) this.deps.log.info({ entidadId, creadas: lote.creadas }, 'mantenimiento.loteCreado');
      this.publicar(eventos);
      await this.avisarPausados(entidadId, avisos.splice(0));
      if (lote.leidas < tamano) return;
      await this.deps.respiro?.();
    }
  }

  /** Plans paused because their order was refused: the calendar forgets their days, their authors learn why. */
  private async avisarPausados(
    entidadId: number,
    pausados: { id: number; titulo: string; creadoPor: number; motivo: string }[],
  ): Promise<void> {
    if (!pausados.length) return;
    this.cambiado(entidadId);
    for (const p of pausados.sort((a, b) => a.id - b.id)) {
      await this.deps.notifications
        .create(entidadId, p.creadoPor, {
          tipo: 'mantenimiento',
          titulo: 'Plan de mantenimiento pausado',
          mensaje: `No se pudo crear la orden de «${p.titulo}»: ${p.motivo} El plan quedó pausado; corríjalo y reanúdelo.`,
          ordenId: null,
        })
        .catch((err: unknown) => this.deps.log.warn({ err, planId: p.id }, 'mantenimiento.avisoPausaFallo'));
    }
  }

  /** After a batch's commit: its orders' events, and each company's plan change once. */
  private publicar(eventos: DomainEvent[]): void {
    const planes = new Set<number>();
    for (const e of eventos) {
      if (e.type !== 'plan.cambiado') this.bus.publish(e);
      else planes.add(e.entidadId);
    }
    for (const entidadId of planes) this.bus.publish({ type: 'plan.cambiado', entidadId, cupoUsado: true });
  }

  /**
   * Warns the owners of each company whose schedules of the NEXT period exceed its plan's quota:
   * once per company and period (the warning's row has a unique key and is written with the mail).
   */
  private async avisarProximoPeriodo(): Promise<void> {
    const porEntidad = new Map<number, PlanAGenerar[]>();
    for (const p of await this.repo().activos()) {
      porEntidad.set(p.entidadId, [...(porEntidad.get(p.entidadId) ?? []), p]);
    }
    for (const [entidadId, planes] of porEntidad) {
      const estado = await this.deps.plans.estado({ entidadId });
      if (!estado || estado.quota === null || estado.fechaProximoVencimiento === null) continue;
      const desde = diaDeMs(estado.fechaProximoVencimiento, ZONA);
      if (await this.repo().avisoRegistrado(entidadId, desde)) continue;
      const hasta = finDePeriodoMensual(desde);
      const n = planes.reduce((t, p) => t + this.aCrearHasta(p, hasta, desde).length, 0);
      if (n <= estado.quota) continue;
      await this.avisar(entidadId, desde, n, estado.quota);
    }
  }

  private async avisar(entidadId: number, periodo: string, programadas: number, quota: number): Promise<void> {
    const titulo = 'Mantenimiento programado: el próximo período supera su plan';
    const mensaje = `Los mantenimientos programados crearán ${programadas} órdenes en el período que empieza el ${periodo.split('-').reverse().join('/')}, y su plan incluye ${quota}. Las que no entren esperarán cupo: puede cambiar de plan o ajustar los mantenimientos.`;
    const duenos = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.registrarAviso(tx, entidadId, periodo))) return [];
      const quienes = await repo.duenos(tx, entidadId);
      const para = quienes.flatMap((d) => (d.email ? [d.email] : []));
      await encolarCorreoDeEmpresa(this.deps, tx, { tipo: 'plan', para, entidadId }, (remitente) =>
        plantillaAvisoDePlan({ remitente, asunto: titulo, parrafos: [mensaje], publicUrl: this.deps.publicUrl }),
      );
      return quienes;
    });
    if (!duenos.length) return;
    this.deps.mail.kick();
    for (const d of duenos) {
      await this.deps.notifications.create(entidadId, d.id, { tipo: 'mantenimiento', titulo, mensaje, ordenId: null });
    }
  }
}

/** The last day of a monthly period that starts on `desde` (the same day next month, minus one). */
export function finDePeriodoMensual(desde: string): string {
  const [a, m, d] = desde.split('-').map(Number) as [number, number, number];
  const diasDelSiguiente = new Date(Date.UTC(a, m + 1, 0)).getUTCDate();
  return sumarDias(new Date(Date.UTC(a, m, Math.min(d, diasDelSiguiente))).toISOString().slice(0, 10), -1);
}

/**
 * Who creates a plan's orders: the plan itself, on behalf of the person who saved it (the order's
 * creator). The permissions were checked when the plan was saved; the create statement still
 * checks the client, the catalogue and the responsables as they are on the day.
 */
function actorDelPlan(entidadId: number, usuarioId: number): Actor {
  return {
    id: usuarioId,
    usuario: 'mantenimiento',
    nombre: 'Mantenimiento programado',
    apellido: '',
    email: null,
    entidadId,
    roles: [{ id: 0, nombre: 'ADMIN', descripcion: 'Mantenimiento programado' }],
    permisosResumen: [{ nombre: 'crearOrden' }],
    permisos: { clientes: [] },
  };
}
