import {
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  estadoVisible,
  finDelDia,
  inicioDelDia,
  type Calendario,
  type Persona,
  type ProgramadaCalendario,
  type zCalendarioQuery,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { puedeModificar, visibilidad, type PuertoOrdenes } from '../orders/index.js';
import type { CalendarRepository, FilaCalendario } from './calendar.repository.js';

type Query = z.output<typeof zCalendarioQuery>;
type Nombres = Awaited<ReturnType<PuertoOrdenes['nombresDe']>>;

/**
 * Where the calendar reads the occurrences that recurring plans have scheduled (the plans module,
 * «mantenimiento»): each company's occurrences due between two instants, both included.
 */
export interface FuenteProgramadas {
  listProgramadas(entidadId: number, actor: Actor, desde: Date, hasta: Date): Promise<ProgramadaCalendario[]>;
}

export interface DepsCalendarService {
  /** The order list's conditions and the names of the ids it shows (module orders). */
  orders: Pick<PuertoOrdenes, 'condicionesDeLista' | 'nombresDe'>;
  programadas: FuenteProgramadas;
  cache?: TenantCache<Buffer> | undefined;
}

const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
/** One collator for every comparison: `localeCompare(…, 'es')` builds one per call. */
const COLLATOR = new Intl.Collator('es');

/** The people of `ids` by name, as the order screens sort them. */
const personas = (ids: readonly number[], n: Nombres): Persona[] =>
  ids
    .map((id) => n.usuarios.get(id))
    .filter((p): p is Persona => p !== undefined)
    .sort((a, b) => COLLATOR.compare(a.nombre, b.nombre) || a.id - b.id);

const clienteDe = (id: number | null, n: Nombres) => {
  const nombre = id == null ? undefined : n.clientes.get(id);
  return id == null || nombre === undefined ? null : { id, nombre };
};

/**
 * GET /api/v4/calendario (docs/CALENDARIO.md): the orders the order list shows the actor with the
 * same filters, due in the range, and the plans' scheduled occurrences the actor would see as
 * orders (everything for who sees every order; else those of the clients he sees or that name him).
 */
export class CalendarService {
  constructor(
    private readonly repo: CalendarRepository,
    private readonly clock: Clock,
    private readonly deps: DepsCalendarService,
  ) {}

  /**
   * The answer as its route writes it (`escribir`, the route's serializer), from the cache when the
   * same user asked the same before and nothing of the company changed since (src/caches.ts).
   */
  async calendarioJson(actor: Actor, q: Query, escribir: (c: Calendario) => string): Promise<Buffer | string> {
    const cache = this.deps.cache;
    if (!cache?.guarda) return escribir(await this.calendario(actor, q));
    const { tsp: _tsp, ...consulta } = q;
    return cache.getOrLoad(actor.entidadId, JSON.stringify([actor.id, consulta]), async () =>
      Buffer.from(escribir(await this.calendario(actor, q))),
    );
  }

  async calendario(actor: Actor, q: Query): Promise<Calendario> {
    const desdeMs = inicioDelDia(q.desde, ZONA);
    const hastaMs = finDelDia(q.hasta, ZONA);
    const condiciones = this.deps.orders.condicionesDeLista(
      actor,
      {
        estados: q.estados ?? null,
        cliente: q.cliente ?? null,
        responsable: q.responsable ?? null,
        tipo: q.tipo ?? null,
        fechaDesde: desdeMs,
        fechaHasta: hastaMs,
        campoFecha: 'fechaFin',
        orden: 'vencimiento',
        pagina: 0,
        porPagina: 25,
      },
      this.clock.now(),
    );
    const [filas, todas] = await Promise.all([
      this.repo.ordenes(condiciones),
      this.deps.programadas.listProgramadas(actor.entidadId, actor, new Date(desdeMs), new Date(hastaMs)),
    ]);
    const programadas = this.programadasVisibles(actor, q, todas);
    const ids = (f: { responsables: number[] }[]) => f.flatMap((x) => x.responsables);
    const nombres = await this.deps.orders.nombresDe(actor.entidadId, {
      clientes: [...filas.map((f) => f.clienteId), ...programadas.map((p) => p.clienteId)],
      prioridades: filas.map((f) => f.prioridadId),
      usuarios: [...ids(filas), ...ids(programadas)],
    });
    return {
      desde: q.desde,
      hasta: q.hasta,
      zona: ZONA,
      ordenes: filas.map((f) => this.orden(actor, f, nombres)),
      programadas: programadas.map((p) => ({
        planId: p.planId,
        titulo: p.titulo,
        fecha: p.fecha,
        estado: p.estado,
        cliente: clienteDe(p.clienteId, nombres),
        responsables: personas(p.responsables, nombres),
      })),
    };
  }

  private orden(actor: Actor, f: FilaCalendario, n: Nombres) {
    return {
      id: f.id,
      numero: f.numero,
      titulo: f.titulo,
      fechaFin: f.fechaFin,
      estado: estadoVisible(f.estadoId),
      prioridad: f.prioridadId != null ? (n.prioridades.get(f.prioridadId) ?? null) : null,
      cliente: clienteDe(f.clienteId, n),
      responsables: personas(f.responsables, n),
      editable: puedeModificar(actor, {
        clienteId: f.clienteId,
        estadoId: f.estadoId,
        responsables: f.responsables,
        registroResponsableId: f.registroResponsableId,
      }),
    };
  }

  /**
   * The occurrences of the range the actor may see, with the filters that apply to a plan
   * (responsable, cliente); a filter by state or type leaves them out, as they are not orders yet.
   */
  private programadasVisibles(actor: Actor, q: Query, todas: ProgramadaCalendario[]): ProgramadaCalendario[] {
    if (q.estados?.length || q.tipo) return [];
    const v = visibilidad(actor);
    return todas
      .filter(
        (p) => v.todo || p.responsables.includes(actor.id) || (p.clienteId != null && v.clientes.includes(p.clienteId)),
      )
      .filter((p) => q.cliente == null || p.clienteId === q.cliente)
      .filter((p) => q.responsable == null || p.responsables.includes(q.responsable))
      .sort((a, b) => a.fecha - b.fecha || a.planId - b.planId);
  }
}
