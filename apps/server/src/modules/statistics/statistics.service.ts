import type { Readable } from 'node:stream';
import {
  MENSAJES_RANGO,
  diaDeMs,
  finDelDia,
  inicioDelDia,
  mesActual,
  rangoEstadisticas,
  sumarDias,
  tienePermiso,
  type AccesoExport,
  type CalidadClientes,
  type Dashboard,
  type DemorasOrdenes,
  type Desempeno,
  type Grafico,
  type NombreGrafico,
  type RangoDias,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Consultar, Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { visibilidad, type PuertoOrdenes } from '../orders/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import { AccesosExport } from './acceso-export.js';
import { ConsultasCalidad, camposCalidad } from './calidad.js';
import { ConsultasEnVivo } from './consultas-en-vivo.js';
import { ConsultasResumen } from './consultas-resumen.js';
import { exportarDemoras } from './exportar-demoras.js';
import {
  CORTES_RESOLUCION_DIAS,
  DIA_S,
  MAXIMO_ORDENES_DEMORA,
  ZONA,
  clavesDe,
  cortesDe,
  demoraOrden,
  dias,
  graficoDemoraPor,
  graficoDemoraPorOrden,
  graficoResolucion,
  graficoSatisfaccion,
  graficoVacio,
  nombrePersona,
  pct,
  porGrupo,
  r2,
  resumenDemora,
  serieTemporal,
  unidadDeSerie,
} from './graficos.js';
import { armarTablero, type Filtros } from './tablero.js';

export const SIN_PERMISO_ESTADISTICAS = 'No tiene permiso para ver estadísticas.';

export interface DepsStatisticsService {
  /** The order list's conditions for an actor and filters: the dashboard counts over them. */
  ordersLecturas: Pick<PuertoOrdenes, 'condicionesDeLista'>;
  /** The company's plan: the dashboard's quota card. */
  plans: Pick<PuertoPlanes, 'estado'>;
  /** The dashboards already computed (src/caches.ts: dropped by any change to the orders). */
  tablero?: TenantCache<Dashboard>;
  consultar?: Consultar;
}

/**
 * Statistics, delay reports, the scorecard and the dashboard (issue 14, docs/ESTADISTICAS.md).
 * Statistics need verEstadisticas and cover the company; the dashboard covers what the order
 * list shows the actor, with the list's own conditions (OrdersLecturasService.condicionesDeLista).
 * Figures come from the rollups (`ConsultasResumen`) or from the orders (`ConsultasEnVivo`), each
 * from one place; charts are shaped in graficos.ts and tablero.ts.
 */
export class StatisticsService {
  private readonly resumen: ConsultasResumen;
  private readonly vivo: ConsultasEnVivo;
  private readonly accesos: AccesosExport;
  private readonly calidad: ConsultasCalidad;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly deps: DepsStatisticsService,
  ) {
    this.resumen = new ConsultasResumen(db, deps.consultar);
    this.vivo = new ConsultasEnVivo(db, deps.consultar);
    this.accesos = new AccesosExport(db);
    this.calidad = new ConsultasCalidad(db, deps.consultar);
  }

  private exigir(actor: Actor): void {
    if (!tienePermiso(actor, 'verEstadisticas')) throw AppError.forbidden(SIN_PERMISO_ESTADISTICAS);
  }

  /** The range of a call (SPEC §9's default for a missing bound); 400 naming fechaHasta when refused. */
  private rango(q: { fechaDesde?: number | null; fechaHasta?: number | null }): RangoDias {
    const r = rangoEstadisticas(q.fechaDesde, q.fechaHasta, ZONA);
    if (!r.ok) throw AppError.invalid('fechaHasta', MENSAJES_RANGO[r.motivo]);
    return r.rango;
  }

  /** POST /api/v2/estadisticas/{chart}. */
  async grafico(
    actor: Actor,
    nombre: NombreGrafico,
    q: { fechaDesde?: number | null; fechaHasta?: number | null },
  ): Promise<Grafico> {
    this.exigir(actor);
    const rango = this.rango(q);
    const e = actor.entidadId;
    const ahora = this.clock.now().getTime();
    const base = (tipo: Grafico['tipo']) => graficoVacio(nombre, tipo, rango);
    const consultas = this.resumen;
    switch (nombre) {
      case 'ordenes-por-estado':
        return porGrupo(base('dona'), rango, 'estado', await consultas.contarPor(e, rango, 'estado'));
      case 'ordenes-por-tipo':
      case 'ordenes-por-area':
      case 'ordenes-por-cliente':
      case 'ordenes-por-responsable': {
        const por = (
          {
            'ordenes-por-tipo': 'tipo',
            'ordenes-por-area': 'area',
            'ordenes-por-cliente': 'cliente',
            'ordenes-por-responsable': 'responsable',
          } as const
        )[nombre];
        return porGrupo(base('barrasHorizontales'), rango, por, await consultas.contarPor(e, rango, por));
      }
      case 'creadas-vs-finalizadas-semana':
      case 'creadas-vs-finalizadas-mes': {
        const unidad = nombre === 'creadas-vs-finalizadas-semana' ? 'week' : 'month';
        const claves = clavesDe(rango, unidad);
        const filas = await consultas.creadasYFinalizadas(e, rango, cortesDe(rango, claves));
        return serieTemporal(base('barras'), rango, unidad, claves, filas);
      }
      case 'tiempo-resolucion':
        return graficoResolucion(
          base('barras'),
          await consultas.resolucion(
            e,
            rango,
            CORTES_RESOLUCION_DIAS.map((d) => d * DIA_S),
          ),
        );
      case 'demora-por-orden': {
        const [filas, resumen] = await Promise.all([
          consultas.masDemoradas(e, rango, ahora, MAXIMO_ORDENES_DEMORA),
          consultas.resumenDemora(e, rango, ahora),
        ]);
        return graficoDemoraPorOrden(base('barrasHorizontales'), filas, resumen);
      }
      case 'demora-por-tipo':
      case 'demora-por-usuario': {
        const por = nombre === 'demora-por-tipo' ? 'tipo' : 'responsable';
        const [filas, resumen] = await Promise.all([
          consultas.demoraPor(e, rango, ahora, por),
          consultas.resumenDemora(e, rango, ahora),
        ]);
        return graficoDemoraPor(base('barrasHorizontales'), por, filas, resumen);
      }
      case 'satisfaccion':
        return graficoSatisfaccion(base('barras'), await this.vivo.satisfaccion(e, rango));
    }
  }

  /** A type of the actor's company, or 404 (another company's type is "does not exist"). */
  private async tipoDe(actor: Actor, tipo: number | null | undefined): Promise<{ id: number; nombre: string } | null> {
    if (tipo == null) return null;
    const t = await this.vivo.findTipo(actor.entidadId, tipo);
    if (!t) throw AppError.notFound('El tipo de orden no existe.');
    return t;
  }

  /** POST /api/v2/estadisticas/demora/ordenes. */
  async demorasOrdenes(
    actor: Actor,
    q: {
      fechaDesde?: number | null;
      fechaHasta?: number | null;
      tipo?: number | null;
      soloConDemora: boolean;
      pagina: number;
      porPagina: number;
    },
  ): Promise<DemorasOrdenes> {
    this.exigir(actor);
    const rango = this.rango(q);
    const tipo = await this.tipoDe(actor, q.tipo);
    const ahora = this.clock.now().getTime();
    const e = actor.entidadId;
    const [lista, resumen] = await Promise.all([
      this.vivo.listDemoras(e, rango, ahora, {
        tipo: tipo?.id ?? null,
        soloConDemora: q.soloConDemora,
        limite: q.porPagina,
        offset: q.pagina * q.porPagina,
      }),
      // The whole company's figures from the rollup; one type's are counted on its orders.
      tipo ? this.vivo.resumenDemora(e, rango, ahora, tipo.id) : this.resumen.resumenDemora(e, rango, ahora),
    ]);
    return {
      fechaDesde: rango.desdeMs,
      fechaHasta: rango.hastaMs,
      tipo,
      resumen: resumenDemora(resumen),
      ordenes: lista.filas.map(demoraOrden),
      total: lista.total,
      pagina: q.pagina,
      porPagina: q.porPagina,
    };
  }

  /** POST /api/v2/estadisticas/demora/export/acceso: a token for one download of this export. */
  async accesoExport(
    actor: Actor,
    q: { fechaDesde?: number | null; fechaHasta?: number | null; tipo?: number | null },
  ): Promise<AccesoExport> {
    this.exigir(actor);
    const rango = this.rango(q);
    const tipo = await this.tipoDe(actor, q.tipo);
    return this.accesos.create(
      { entidadId: actor.entidadId, usuarioId: actor.id },
      rango,
      tipo?.id ?? null,
      this.clock.now(),
    );
  }

  /**
   * GET /api/v2/estadisticas/demora/export?fechaDesde&fechaHasta&access: the token is checked and
   * spent before the first byte; then the orders due in its range are written while they are sent.
   */
  async exportDemoras(q: {
    fechaDesde?: number | undefined;
    fechaHasta?: number | undefined;
    access: string;
  }): Promise<{ nombre: string; tipo: string; stream: Readable }> {
    const ahora = this.clock.now();
    const descarga = await this.accesos.spend(q, ahora);
    // The type's name, for the file's name and title (a type gone since the link was asked for: its number).
    const tipo =
      descarga.tipoId == null
        ? null
        : ((await this.vivo.findTipo(descarga.entidadId, descarga.tipoId)) ?? { nombre: `Tipo ${descarga.tipoId}` });
    return exportarDemoras(this.vivo, descarga, ahora.getTime(), tipo);
  }

  /** POST /api/v2/estadisticas/responsables/desempeno. */
  async desempeno(actor: Actor, q: { fechaDesde?: number | null; fechaHasta?: number | null }): Promise<Desempeno> {
    this.exigir(actor);
    const rango = this.rango(q);
    const ahora = this.clock.now().getTime();
    const [filas, vencidasAbiertas, calidad] = await Promise.all([
      this.resumen.desempeno(actor.entidadId, rango, ahora),
      this.vivo.vencidasConResponsable(actor.entidadId, ahora),
      this.calidad.porResponsable(actor.entidadId, rango),
    ]);
    const calidadDe = new Map(calidad.map((c) => [c.id, c]));
    const responsables = filas.map((f) => ({
      responsable: { id: f.id, usuario: f.usuario, nombre: f.nombre, apellido: f.apellido },
      finalizadas: f.finalizadas,
      finalizadasConVencimiento: f.con_vencimiento,
      finalizadasATiempo: f.a_tiempo,
      porcentajeATiempo: pct(f.a_tiempo, f.con_vencimiento),
      medianaDemoraDias: dias(f.mediana_seg),
      vencidasAbiertas: f.vencidas,
      abiertas: f.abiertas,
      horas: r2(f.minutos / 60),
      satisfaccion: f.satisfaccion == null ? null : r2(f.satisfaccion),
      encuestasRespondidas: f.encuestas,
      ...camposCalidad(calidadDe.get(f.id)),
      filtroVencidas: { responsable: f.id, vencidas: true },
    }));
    // Who needs attention first: the lowest on-time share, then the most overdue orders.
    responsables.sort(
      (a, b) =>
        (a.porcentajeATiempo ?? 101) - (b.porcentajeATiempo ?? 101) ||
        b.vencidasAbiertas - a.vencidasAbiertas ||
        nombrePersona(a.responsable).localeCompare(nombrePersona(b.responsable), 'es'),
    );
    return {
      fechaDesde: rango.desdeMs,
      fechaHasta: rango.hastaMs,
      satisfaccionDisponible: true,
      responsables,
      vencidasAbiertas,
    };
  }

  /**
   * POST /api/v2/estadisticas/clientes/calidad: first-time fix and the client's conformity per
   * client, over the orders finished in the range (docs/ESTADISTICAS.md).
   */
  async calidadClientes(
    actor: Actor,
    q: { fechaDesde?: number | null; fechaHasta?: number | null },
  ): Promise<CalidadClientes> {
    this.exigir(actor);
    const rango = this.rango(q);
    const filas = await this.calidad.porCliente(actor.entidadId, rango);
    return {
      fechaDesde: rango.desdeMs,
      fechaHasta: rango.hastaMs,
      clientes: filas.map((f) => ({
        cliente: f.id == null ? null : { id: f.id, nombre: f.nombre ?? '—' },
        finalizadas: f.finalizadas,
        ...camposCalidad(f),
      })),
    };
  }

  /**
   * GET /api/v2/dashboard and POST /api/v4/dashboard {filtros}: the cards and charts over the
   * orders the order list shows the actor with these filters, dates aside: fechaDesde/fechaHasta
   * are the period of «finished», resolution and on time (the current month when absent).
   */
  async dashboard(actor: Actor, f: Filtros | null): Promise<Dashboard> {
    const cache = this.deps.tablero;
    if (!cache) return this.calcularDashboard(actor, f);
    const v = visibilidad(actor);
    const { pagina: _p, porPagina: _pp, orden: _o, ...filtros } = f ?? ({} as Partial<Filtros>);
    const clave = JSON.stringify([v.todo ? 0 : v.actorId, v.todo ? [] : v.clientes, filtros]);
    return cache.getOrLoad(actor.entidadId, clave, () => this.calcularDashboard(actor, f));
  }

  private async calcularDashboard(actor: Actor, f: Filtros | null): Promise<Dashboard> {
    const ahoraD = this.clock.now();
    const ahora = ahoraD.getTime();
    const periodo =
      f && (f.fechaDesde != null || f.fechaHasta != null)
        ? this.rango({ fechaDesde: f.fechaDesde ?? null, fechaHasta: f.fechaHasta ?? null })
        : mesActual(ZONA, ahora);
    const filtros: Filtros = {
      ...(f ?? { campoFecha: 'creada', orden: 'recientes', pagina: 0, porPagina: 25 }),
      fechaDesde: null,
      fechaHasta: null,
      campoFecha: 'creada',
    };
    const condiciones = this.deps.ordersLecturas.condicionesDeLista(actor, filtros, ahoraD);
    const hoy = diaDeMs(ahora, ZONA);
    const [a, m, d] = hoy.split('-').map(Number) as [number, number, number];
    const domingo = sumarDias(hoy, (7 - new Date(Date.UTC(a, m - 1, d)).getUTCDay()) % 7);
    const rHoy = { desdeMs: inicioDelDia(hoy, ZONA), hastaMs: finDelDia(hoy, ZONA) };
    const finSemana = finDelDia(domingo, ZONA);
    // The chart over time reaches today at most (days to come have nothing yet: they are not
    // zeros), and a long period is drawn by week or by month, so that its points stay readable.
    const periodoSerie: RangoDias =
      periodo.hasta > hoy ? { ...periodo, hasta: hoy, hastaMs: Math.min(periodo.hastaMs, rHoy.hastaMs) } : periodo;
    const unidadSerie = unidadDeSerie(periodoSerie);
    const claves = clavesDe(periodoSerie, unidadSerie);
    const [t, serie, plan] = await Promise.all([
      this.vivo.tablero(condiciones, ahora, rHoy, finSemana, periodo),
      this.vivo.creadasYFinalizadas(condiciones, periodoSerie, cortesDe(periodoSerie, claves)),
      this.deps.plans.estado(actor),
    ]);
    return armarTablero({
      ahora,
      hoy,
      rHoy,
      finSemana,
      periodo,
      periodoSerie,
      unidadSerie,
      claves,
      filtros,
      t,
      serie,
      plan,
    });
  }
}
