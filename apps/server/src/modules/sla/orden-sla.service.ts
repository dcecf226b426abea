import {
  ESTADO,
  estadoInfo,
  habilesEntre,
  hoyEn,
  sumarDiasHabiles,
  UMBRAL_AVISO_SLA,
  vencimientoConPausas,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type AvisosSla,
  type CalendarioHabil,
  type Objetivo,
  type Pausa,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import { banderaPorEmpresa } from '../../kernel/cache-registry.js';
import type { Clock } from '../../kernel/clock.js';
import type { Consultar, Db, DbOrTx } from '../../kernel/db/client.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { NuevaNotificacion, PuertoNotificaciones } from '../notifications/index.js';
import {
  OrdenSlaRepository,
  type CambioDeEstado,
  type CopiaPolitica,
  type OrdenParaSla,
  type PlazoCalculado,
  type Reclamada,
  type Reclamo,
} from './orden-sla.repository.js';
import { PoliticasRepository } from './politicas.repository.js';

const HORA_MS = 3_600_000;
const DIA_MS = 86_400_000;
/** How far back the repair scan looks for orders without their copy (a copy lost to a crash). */
const REPARAR_DIAS = 7;
const LOTE = 500;
/** Copies the bus's events write at once. */
const COPIAS_A_LA_VEZ = 2;

/**
 * «The company has ever had a policy», one entry per company (issue 37): the reaction to each
 * create and state change asks it instead of PostgreSQL, since most companies have none. Versions
 * are never deleted (closing one sets `vigente_hasta`) and an order's row exists only in a company
 * that had one, so a true answer stays true; a false one is dropped by `sla.politicasCambiadas`,
 * which the bus carries to every instance (the TTL is the usual guard). Listed with every other
 * cache in src/caches.ts; the module builds and registers it (modules/sla/index.ts).
 */
export const DECLARACION_POLITICAS_SLA = banderaPorEmpresa('politicasSla', 'sla.politicasCambiadas');

/** The one key of a company's entry in that cache. */
const TUVO_POLITICAS = 'tuvo';

/** The company's calendar for the arithmetic, holidays of the given years included. */
export type CalendarioDe = (tx: DbOrTx, entidadId: number, anios: readonly number[]) => Promise<CalendarioHabil>;

type Log = { error(obj: object, msg: string): void };

/** What one scan did: copies written and warnings sent (the tests and the bench read it). */
export interface ResultadoEscaneo {
  sincronizadas: number;
  avisos: number;
  incumplidas: number;
}

/**
 * The service level of each order (issue 34, docs/SLA.md): the copy of the policy version in force
 * when it was created, its targets' due instants counted in the company's business time, and the
 * warnings at 80 % and at the breach, each sent exactly once.
 *
 * The row is computed from the order and its history, so writing it again gives the same result:
 * the bus writes it right after a create or a state change (on the instance that published), and
 * the scan repairs what a crash in between left unwritten, or what a stale cached «this company
 * never had a policy» skipped. The warnings are claimed and their notifications stored in one
 * transaction (`update … where … is null`, `skip locked`), so two instances scanning at once, or
 * a restart in the middle, never send one twice nor lose one. Their mails, to whoever chose mail
 * for them, are the notifications module's, queued in that same transaction (one mail per warning
 * and person).
 */
export class OrdenSlaService {
  /** Orders whose copy the bus asked for, not yet started (one entry per order). */
  private readonly cola = new Map<number, number>();
  /** Copies being written now (at most COPIAS_A_LA_VEZ). */
  private enCurso = 0;
  private readonly terminadas: (() => void)[] = [];
  private detenido = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly calendarioDe: CalendarioDe,
    private readonly notificaciones: Pick<
      PuertoNotificaciones,
      'crearVariasEnTransaccion' | 'canales' | 'guardarCanal'
    >,
    private readonly log: Log,
    /** «The company has ever had a policy» (DECLARACION_POLITICAS_SLA), registered by the module. */
    private readonly conPoliticas: TenantCache<boolean>,
    /** The prepared reader (kernel/db), for the probe when that cache has no answer. */
    private readonly consultar?: Consultar,
  ) {}

  /** Writes the copy after a create or a state change published on this instance. */
  escuchar(): void {
    this.bus.subscribeLocal((e: DomainEvent) => {
      if (e.type !== 'orden.creada' && e.type !== 'orden.estadoCambiado') return;
      if (this.detenido) return;
      this.cola.set(e.ordenId, e.entidadId);
      this.siguiente();
    });
  }

  /**
   * Writes the queued copies a few at a time: a batch of a thousand creates (the maintenance
   * scheduler) never takes the pool from the requests, nor PGlite's one connection for long.
   */
  private siguiente(): void {
    while (this.enCurso < COPIAS_A_LA_VEZ && this.cola.size) {
      const [ordenId, entidadId] = this.cola.entries().next().value as [number, number];
      this.cola.delete(ordenId);
      this.enCurso++;
      void this.sincronizar(entidadId, ordenId)
        .catch((err: unknown) => this.log.error({ err }, 'sla.sincronizarFallo'))
        .finally(() => {
          this.enCurso--;
          this.siguiente();
          if (!this.enCurso && !this.cola.size) for (const t of this.terminadas.splice(0)) t();
        });
    }
  }

  /** Resolves when the copies the bus asked for so far are written (tests). */
  async idle(): Promise<void> {
    if (!this.enCurso && !this.cola.size) return;
    await new Promise<void>((r) => this.terminadas.push(r));
  }

  /**
   * Before the database closes: the copies not started are left to the repair scan (an order
   * without its copy, or changed since, is found by the next one, on any instance), the ones in
   * progress end.
   */
  async detener(): Promise<void> {
    this.detenido = true;
    this.cola.clear();
    await this.idle();
  }

  /**
   * The user's own choice of the warnings by mail: the mail channel of SLA_POR_VENCER among their
   * channels per kind of event (the notifications module's; the breach follows it).
   */
  async avisos(actor: Actor): Promise<AvisosSla> {
    return { correo: (await this.notificaciones.canales(this.db, actor.entidadId, actor.id)).SLA_POR_VENCER.correo };
  }

  /** Writes only that cell: the user's other channels stay as they were. */
  async guardarAvisos(actor: Actor, b: AvisosSla): Promise<AvisosSla> {
    await this.db.transaction((tx) =>
      this.notificaciones.guardarCanal(tx, actor.entidadId, actor.id, 'SLA_POR_VENCER', 'correo', b.correo),
    );
    return this.avisos(actor);
  }

  /**
   * Computes and writes an order's row from the order as it is, in one transaction that locks the
   * order first. Without a row yet, it takes the policy version in force when the order was
   * created; a company without policies then gets no row. False when nothing was written.
   */
  async sincronizar(entidadId: number, ordenId: number): Promise<boolean> {
    // Most companies have never had a policy: nothing to write, and (cached) nothing to ask PostgreSQL.
    const tuvo = await this.conPoliticas.getOrLoad(entidadId, TUVO_POLITICAS, () =>
      new OrdenSlaRepository(this.db, this.consultar).tuvoAlgunaPolitica(entidadId),
    );
    if (!tuvo) return false;
    return this.escribir(entidadId, ordenId);
  }

  /** `sincronizar` without asking whether the company ever had a policy. */
  private async escribir(entidadId: number, ordenId: number): Promise<boolean> {
    const escrita = await this.db.transaction(async (tx) => {
      const repo = new OrdenSlaRepository(tx);
      const o = await repo.ordenBloqueada(entidadId, ordenId);
      if (!o) return false;
      const copia = (await repo.copia(ordenId)) ?? (await this.copiaNueva(tx, o));
      if (!copia) return false;
      const cambios = copia.respObjetivo || copia.resObjetivo ? await repo.cambiosDeEstado(ordenId) : [];
      const anioInicio = anioDe(o.creada);
      const anioAhora = anioDe(this.clock.now());
      const anios = [];
      for (let a = anioInicio; a <= anioAhora + 1; a++) anios.push(a);
      const cal = copia.respObjetivo || copia.resObjetivo ? await this.calendarioDe(tx, entidadId, anios) : null;
      await repo.guardar({
        ...copia,
        ...calcular(cal, o, cambios, copia),
        ordenId,
        entidadId,
        sincronizada: o.actualizada,
        abierta: !estadoInfo(o.estadoId)?.cerrado,
      });
      return true;
    });
    if (escrita) this.bus.publish({ type: 'orden.slaCambiado', entidadId, ordenId });
    return escrita;
  }

  private async copiaNueva(tx: DbOrTx, o: OrdenParaSla): Promise<CopiaPolitica | null> {
    const politicas = new PoliticasRepository(tx);
    const p = await politicas.paraOrden(o.entidadId, o, o.creada);
    if (p) {
      return {
        politicaVersionId: p.id,
        politicaNombre: p.nombre,
        pausaEnEspera: p.pausaEnEspera,
        respObjetivo: p.respuesta,
        resObjetivo: p.resolucion,
      };
    }
    // Policies, but none for this order: a row without targets, so the repair scan skips it.
    if (await politicas.tuvoPoliticas(o.entidadId, o.creada)) {
      return {
        politicaVersionId: null,
        politicaNombre: null,
        pausaEnEspera: false,
        respObjetivo: null,
        resObjetivo: null,
      };
    }
    return null;
  }

  /**
   * One run of the background work: repairs the copies a crash left behind, then sends the
   * warnings due by now (breaches first, so an order found past both thresholds at once gets the
   * breach, not a late 80 %).
   */
  async escanear(): Promise<ResultadoEscaneo> {
    const r: ResultadoEscaneo = { sincronizadas: 0, avisos: 0, incumplidas: 0 };
    const desde = new Date(this.clock.now().getTime() - REPARAR_DIAS * DIA_MS);
    for (;;) {
      const pendientes = await new OrdenSlaRepository(this.db).pendientes(desde, LOTE);
      let escritas = 0;
      // Its orders are of companies that had a policy (or have a row already): the cache is not
      // asked, so a stale «never had one» (its event still on the way from another instance) never
      // delays the repair of what the reaction skipped.
      // One order that cannot be computed (a company's week of a few minutes and a target of
      // years) is logged and left: it must not stop the other orders, nor every company's warnings.
      for (const p of pendientes) {
        const escrita = await this.escribir(p.entidadId, p.ordenId).catch((err: unknown) => {
          this.log.error({ err, entidadId: p.entidadId, ordenId: p.ordenId }, 'sla.sincronizarFallo');
          return false;
        });
        if (escrita) escritas++;
      }
      r.sincronizadas += escritas;
      if (pendientes.length < LOTE || escritas === 0) break;
    }
    for (const plazo of ['resp', 'res'] as const) r.incumplidas += await this.avisar({ plazo, que: 'vence' });
    for (const plazo of ['resp', 'res'] as const) r.avisos += await this.avisar({ plazo, que: 'aviso' });
    return r;
  }

  /**
   * Claims one kind of warning in batches; each batch, its notifications (one statement) and their
   * mails are one transaction.
   */
  private async avisar(reclamo: Reclamo): Promise<number> {
    let total = 0;
    for (;;) {
      const ahora = this.clock.now();
      let anunciar: () => Promise<void> = async () => undefined;
      const avisadas: Reclamada[] = [];
      const n = await this.db.transaction(async (tx) => {
        const repo = new OrdenSlaRepository(tx);
        const filas = await repo.reclamar(reclamo, ahora, LOTE);
        avisadas.push(...filas);
        const admins = new Map<number, number[]>();
        const porOrden: { f: Reclamada; usuarios: number[]; n: NuevaNotificacion }[] = [];
        for (const f of filas) {
          // An 80 % found after the due instant is not sent: the breach already was.
          if (reclamo.que === 'aviso' && f.vence <= ahora) continue;
          let destinatarios = [...f.responsables, f.creador];
          if (reclamo.que === 'vence') {
            if (!admins.has(f.entidadId)) admins.set(f.entidadId, await repo.administradores(f.entidadId));
            destinatarios = [...destinatarios, ...admins.get(f.entidadId)!];
          }
          porOrden.push({ f, usuarios: [...new Set(destinatarios)], n: aviso(reclamo, f) });
        }
        ({ anunciar } = await this.notificaciones.crearVariasEnTransaccion(
          tx,
          porOrden.flatMap(({ f, usuarios, n }) =>
            usuarios.map((usuarioId) => ({ entidadId: f.entidadId, usuarioId, ...n })),
          ),
        ));
        return filas.length;
      });
      for (const o of avisadas)
        this.bus.publish({ type: 'orden.slaCambiado', entidadId: o.entidadId, ordenId: o.ordenId });
      await anunciar().catch((err: unknown) => this.log.error({ err }, 'sla.anuncioFallo'));
      total += n;
      if (n < LOTE) return total;
    }
  }
}

/** The year of an instant in the company's zone. */
function anioDe(d: Date): number {
  return Number(hoyEn(ZONA_HORARIA_EMPRESA_POR_DEFECTO, d.getTime()).slice(0, 4));
}

const NOMBRE_PLAZO = { resp: 'respuesta', res: 'resolución' } as const;

function aviso(r: Reclamo, f: Reclamada): NuevaNotificacion {
  const plazo = NOMBRE_PLAZO[r.plazo];
  return r.que === 'aviso'
    ? {
        tipo: 'SLA_POR_VENCER',
        titulo: `La orden #${f.numero} usó el ${Math.round(UMBRAL_AVISO_SLA * 100)} % de su plazo de ${plazo}`,
        mensaje: f.titulo,
        ordenId: f.ordenId,
      }
    : {
        tipo: 'SLA_INCUMPLIDO',
        titulo: `La orden #${f.numero} no cumplió su plazo de ${plazo}`,
        mensaje: f.titulo,
        ordenId: f.ordenId,
      };
}

/**
 * The pauses of an order from its history: while «En espera» when the policy pauses, and from a
 * cancellation on (a cancelled order's clock stops for good).
 */
export function pausasDe(estadoInicial: number, cambios: readonly CambioDeEstado[], pausaEnEspera: boolean): Pausa[] {
  const pausa = (estado: number) => estado === ESTADO.CANCELADA || (pausaEnEspera && estado === ESTADO.EN_ESPERA);
  const pausas: Pausa[] = [];
  let abierta: number | null = null;
  let estado = estadoInicial;
  const cambiar = (hacia: number, en: number) => {
    if (pausa(hacia) && abierta === null) abierta = en;
    if (!pausa(hacia) && abierta !== null) {
      pausas.push({ desde: abierta, hasta: en });
      abierta = null;
    }
    estado = hacia;
  };
  if (pausa(estado)) abierta = -Infinity;
  for (const c of cambios) if (c.hacia != null) cambiar(c.hacia, c.fecha.getTime());
  if (abierta !== null) pausas.push({ desde: abierta, hasta: null });
  return pausas.map((p) => ({ ...p, desde: Number.isFinite(p.desde) ? p.desde : 0 }));
}

/** The computed columns of an order's row: its targets' due and 80 % instants, met instants and pause. */
export function calcular(
  cal: CalendarioHabil | null,
  o: OrdenParaSla,
  cambios: readonly CambioDeEstado[],
  copia: CopiaPolitica,
): { inicio: Date; pausadaDesde: Date | null; resp: PlazoCalculado | null; res: PlazoCalculado | null } {
  const inicio = o.creada.getTime();
  const estadoInicial = cambios[0]?.desde ?? o.estadoId;
  // Answered: the first change away from Pendiente (created in another state: at once).
  const respondida =
    estadoInicial !== ESTADO.PENDIENTE
      ? inicio
      : (cambios.find((c) => c.desde === ESTADO.PENDIENTE && c.hacia !== ESTADO.PENDIENTE)?.fecha.getTime() ?? null);
  // Resolved: the last time it reached Finalizada, while it still is (reopening takes it back).
  const resuelta =
    o.estadoId === ESTADO.FINALIZADA
      ? ([...cambios]
          .reverse()
          .find((c) => c.hacia === ESTADO.FINALIZADA)
          ?.fecha.getTime() ?? inicio)
      : null;
  const pausas = pausasDe(estadoInicial, cambios, copia.pausaEnEspera);
  let pausadaDesde: number | null = null;
  const plazo = (objetivo: Objetivo | null, cumplida: number | null): PlazoCalculado | null => {
    if (!objetivo || !cal) return null;
    const totalMs =
      objetivo.unidad === 'horas'
        ? objetivo.cantidad * HORA_MS
        : habilesEntre(cal, inicio, sumarDiasHabiles(cal, inicio, objetivo.cantidad));
    const v = vencimientoConPausas(cal, inicio, totalMs, pausas);
    const a = vencimientoConPausas(cal, inicio, Math.round(totalMs * UMBRAL_AVISO_SLA), pausas);
    if (cumplida == null && v.pausadaDesde != null) pausadaDesde = v.pausadaDesde;
    return {
      totalMs,
      vence: new Date(v.vence),
      aviso: new Date(a.vence),
      cumplida: cumplida == null ? null : new Date(cumplida),
    };
  };
  const resp = plazo(copia.respObjetivo, respondida);
  const res = plazo(copia.resObjetivo, resuelta);
  return { inicio: o.creada, pausadaDesde: pausadaDesde == null ? null : new Date(pausadaDesde), resp, res };
}
