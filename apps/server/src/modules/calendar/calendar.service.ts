import {
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
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
import type { CalendarRepository } from './calendar.repository.js';

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

/**
 * The people an answer names, by name as the order screens sort them (ties by id), and each one's
 * place in that order: a row's responsables are sorted by it without comparing names again.
 */
function personasDe(ids: Iterable<number>, n: Nombres): { personas: Persona[]; lugar: Map<number, number> } {
  const personas: Persona[] = [];
  for (const id of new Set(ids)) {
    const p = n.usuarios.get(id);
    if (p) personas.push(p);
  }
  personas.sort((a, b) => COLLATOR.compare(a.nombre, b.nombre) || a.id - b.id);
  return { personas, lugar: new Map(personas.map((p, i) => [p.id, i])) };
}

/** The ids of `ids` that have a name, in the answer's order of people (a new array). */
function enOrden(ids: readonly number[], lugar: Map<number, number>): number[] {
  if (ids.length === 1) return lugar.has(ids[0]!) ? [ids[0]!] : [];
  return ids.filter((id) => lugar.has(id)).sort((a, b) => lugar.get(a)! - lugar.get(b)!);
}

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
    const usuarios: number[] = [];
    for (const f of filas) for (const id of f.responsables) usuarios.push(id);
    for (const p of programadas) for (const id of p.responsables) usuarios.push(id);
    const nombres = await this.deps.orders.nombresDe(actor.entidadId, {
      clientes: programadas.map((p) => p.clienteId),
      usuarios,
    });
    const { personas, lugar } = personasDe(usuarios, nombres);
    const clientes = new Map<number, string>();
    const clienteDe = (id: number | null) => {
      const nombre = id == null ? undefined : nombres.clientes.get(id);
      if (id == null || nombre === undefined) return null;
      clientes.set(id, nombre);
      return id;
    };
    return {
      desde: q.desde,
      hasta: q.hasta,
      zona: ZONA,
      ordenes: filas.map((f) => ({
        id: f.id,
        numero: f.numero,
        titulo: f.titulo,
        fechaFin: f.fechaFin,
        estadoId: f.estadoId,
        responsables: enOrden(f.responsables, lugar),
        editable: puedeModificar(actor, f),
      })),
      programadas: programadas.map((p) => ({
        planId: p.planId,
        titulo: p.titulo,
        fecha: p.fecha,
        estado: p.estado,
        clienteId: clienteDe(p.clienteId),
        responsables: enOrden(p.responsables, lugar),
      })),
      personas,
      clientes: [...clientes].map(([id, nombre]) => ({ id, nombre })),
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
