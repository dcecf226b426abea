import { PassThrough, type Readable } from 'node:stream';
import {
  ESTADO,
  ESTADOS,
  ESTADOS_ABIERTOS,
  MENSAJES_RANGO,
  TEXTOS_SITUACION,
  TITULOS_GRAFICO,
  VIGENCIA_ACCESO_EXPORT_MS,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  diaDeMs,
  estadoInfo,
  finDelDia,
  inicioDelDia,
  mesActual,
  rangoEstadisticas,
  sumarDias,
  tienePermiso,
  urlDe,
  RUTAS,
  type AccesoExport,
  type CategoriaGrafico,
  type Dashboard,
  type DemoraOrden,
  type DemorasOrdenes,
  type Desempeno,
  type FiltroDetalle,
  type Grafico,
  type Indicador,
  type NombreGrafico,
  type RangoDias,
  type ResumenDemora,
  type SerieGrafico,
  type SituacionDemora,
  type TarjetaDashboard,
  type zFiltros,
} from '@delego/contract';
import type { z } from 'zod';
import type { Consultar, Db } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';
import { visibilidad, type OrdersLecturasService } from '../orders/orders.lecturas.service.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { PlansService } from '../plans/plans.service.js';
import { esperarCliente, enSegundoPlano, hoja, libro } from '../reports/reports.service.js';
import { fechaExcel } from '../reports/formato.js';
import {
  StatisticsRepository,
  type Agrupacion,
  type FilaDemoraOrden,
  type FilaGrupo,
  type ResumenDemoraFila,
} from './statistics.repository.js';

type Filtros = z.output<typeof zFiltros>;

const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
const DIA_S = 86_400;
/** Categories a chart by client, type, area or responsable shows; the rest are added up in «Otros». */
export const MAXIMO_CATEGORIAS = 15;
/** Orders the chart «Órdenes con más demora» shows. */
export const MAXIMO_ORDENES_DEMORA = 20;
/** Limits (days) of the resolution time buckets. */
const CORTES_RESOLUCION_DIAS = [1, 3, 7, 14, 30] as const;
const NOMBRES_RESOLUCION = [
  'Menos de 1 día',
  '1 a 3 días',
  '3 a 7 días',
  '7 a 14 días',
  '14 a 30 días',
  'Más de 30 días',
] as const;
const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;
/**
 * Rows read per page of the export. Small on purpose: a page's rows live until the page is written,
 * and with 1,000 they outlived two young-generation collections and were promoted to the old
 * generation, which V8 only collects when it has grown: the server's peak RSS rose 77-95 MB per
 * export of 100,000 rows (`--trace-gc`: old space 49 -> 125 MB before a full collection). With 200 they
 * die young: +11 MB (docs/BENCHMARKS.md, «Estadísticas»).
 */
const PAGINA_EXPORT = 200;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SIN_PERMISO_ESTADISTICAS = 'No tiene permiso para ver estadísticas.';
export const MENSAJES_ACCESO = {
  invalido: 'El enlace de descarga no es válido. Vuelva a pedir la exportación desde Demoras.',
  vencido: 'El enlace de descarga venció. Vuelva a pedir la exportación desde Demoras.',
  usado: 'El enlace de descarga ya se usó. Vuelva a pedir la exportación desde Demoras.',
  otroRango: 'Las fechas no coinciden con las del enlace de descarga. Vuelva a pedir la exportación.',
} as const;

/** Two decimals. */
const r2 = (n: number): number => Math.round(n * 100) / 100;
const dias = (seg: number | null): number | null => (seg == null ? null : r2(seg / DIA_S));
const pct = (parte: number, total: number): number | null => (total > 0 ? r2((parte * 100) / total) : null);

/** 'dd/MM/yyyy' of a 'YYYY-MM-DD'. */
const textoDia = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The Monday on or before `dia`. */
function lunesDe(dia: string): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const dow = new Date(Date.UTC(a, m - 1, d)).getUTCDay();
  return sumarDias(dia, -((dow + 6) % 7));
}

/** The first day of the month after `dia`'s. */
function mesSiguiente(dia: string): string {
  const [a, m] = dia.split('-').map(Number) as [number, number];
  return m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, '0')}-01`;
}

type Unidad = 'week' | 'month' | 'day';

/** The first day of every bucket (day, Monday, 1st of the month) that touches the range. */
function clavesDe(rango: RangoDias, unidad: Unidad): string[] {
  const claves: string[] = [];
  let d = unidad === 'week' ? lunesDe(rango.desde) : unidad === 'month' ? `${rango.desde.slice(0, 8)}01` : rango.desde;
  while (d <= rango.hasta) {
    claves.push(d);
    d = unidad === 'week' ? sumarDias(d, 7) : unidad === 'month' ? mesSiguiente(d) : sumarDias(d, 1);
  }
  return claves;
}

const NOMBRE_UNIDAD: Record<Unidad, string> = { day: 'día', week: 'semana', month: 'mes' };

/** Days, up to two months; weeks, up to about six months; months beyond (issue 36: a year of days). */
export function unidadDeSerie(rango: Pick<RangoDias, 'desde' | 'hasta'>): Unidad {
  const dia = (d: string) => {
    const [a, m, dd] = d.split('-').map(Number) as [number, number, number];
    return Date.UTC(a, m - 1, dd) / 86_400_000;
  };
  const n = dia(rango.hasta) - dia(rango.desde) + 1;
  return n <= 62 ? 'day' : n <= 190 ? 'week' : 'month';
}

/** The first ms (Argentina) of each bucket, the first one cut to the range's start. */
function cortesDe(rango: RangoDias, claves: readonly string[]): number[] {
  return claves.map((c) => inicioDelDia(c < rango.desde ? rango.desde : c, ZONA));
}

/** The situation of an order of the delay set, by its state and delay. */
function situacion(f: Pick<FilaDemoraOrden, 'estadoId' | 'demoraSeg'>): SituacionDemora {
  if (f.estadoId === ESTADO.FINALIZADA) return f.demoraSeg > 0 ? 'finalizadaConDemora' : 'finalizadaATiempo';
  return f.demoraSeg > 0 ? 'vencida' : 'enPlazo';
}

const nombrePersona = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();

/**
 * Statistics, delay reports, the scorecard and the dashboard (issue 14, docs/ESTADISTICAS.md).
 * Statistics need verEstadisticas and cover the company; the dashboard covers what the order
 * list shows the actor, with the list's own conditions (OrdersLecturasService.condicionesDeLista).
 */
export class StatisticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      ordersLecturas: OrdersLecturasService;
      plans: PlansService;
      /** The dashboards already computed (src/caches.ts: dropped by any change to the orders). */
      tablero?: TenantCache<Dashboard>;
      consultar?: Consultar;
    },
  ) {}

  private repo() {
    return new StatisticsRepository(this.db, this.deps.consultar);
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

  // ---------------------------------------------------------------------------------------------
  // Charts

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
    const base = (tipo: Grafico['tipo']): Grafico => ({
      grafico: nombre,
      titulo: TITULOS_GRAFICO[nombre],
      tipo,
      fechaDesde: rango.desdeMs,
      fechaHasta: rango.hastaMs,
      categorias: [],
      series: [],
      resumen: [],
      aviso: null,
    });
    const repo = this.repo();
    switch (nombre) {
      case 'ordenes-por-estado':
        return this.porGrupo(base('dona'), rango, 'estado', await repo.contarPor(e, rango, 'estado'));
      case 'ordenes-por-tipo':
        return this.porGrupo(base('barrasHorizontales'), rango, 'tipo', await repo.contarPor(e, rango, 'tipo'));
      case 'ordenes-por-area':
        return this.porGrupo(base('barrasHorizontales'), rango, 'area', await repo.contarPor(e, rango, 'area'));
      case 'ordenes-por-cliente':
        return this.porGrupo(base('barrasHorizontales'), rango, 'cliente', await repo.contarPor(e, rango, 'cliente'));
      case 'ordenes-por-responsable':
        return this.porGrupo(
          base('barrasHorizontales'),
          rango,
          'responsable',
          await repo.contarPor(e, rango, 'responsable'),
        );
      case 'creadas-vs-finalizadas-semana':
      case 'creadas-vs-finalizadas-mes': {
        const unidad = nombre === 'creadas-vs-finalizadas-semana' ? 'week' : 'month';
        const claves = clavesDe(rango, unidad);
        const filas = await repo.creadasYFinalizadas(e, rango, cortesDe(rango, claves));
        return this.serieTemporal(base('barras'), rango, unidad, claves, filas);
      }
      case 'tiempo-resolucion': {
        const t = await repo.resolucion(
          e,
          rango,
          CORTES_RESOLUCION_DIAS.map((d) => d * DIA_S),
        );
        return {
          ...base('barras'),
          categorias: NOMBRES_RESOLUCION.map((n, i) => ({
            clave: String(i),
            nombre: n,
            cantidad: t.cubetas[i] ?? 0,
            filtro: null,
          })),
          series: [
            {
              clave: 'finalizadas',
              nombre: 'Órdenes finalizadas',
              unidad: 'ordenes',
              valores: NOMBRES_RESOLUCION.map((_, i) => t.cubetas[i] ?? 0),
            },
          ],
          resumen: [
            { clave: 'finalizadas', nombre: 'Finalizadas en el período', valor: t.total, unidad: 'ordenes' },
            { clave: 'mediana', nombre: 'Mediana de resolución', valor: dias(t.mediana), unidad: 'dias' },
            { clave: 'promedio', nombre: 'Promedio de resolución', valor: dias(t.promedio), unidad: 'dias' },
          ],
        };
      }
      case 'demora-por-orden': {
        const [{ filas }, resumen] = await Promise.all([
          repo.listDemoras(e, rango, ahora, {
            tipo: null,
            soloConDemora: true,
            limite: MAXIMO_ORDENES_DEMORA,
            offset: 0,
            sinTotal: true,
          }),
          repo.resumenDemora(e, rango, ahora, null),
        ]);
        return {
          ...base('barrasHorizontales'),
          categorias: filas.map((f) => ({
            clave: String(f.id),
            nombre: `#${f.numero} ${f.titulo.length > 50 ? `${f.titulo.slice(0, 49)}…` : f.titulo}`,
            cantidad: 1,
            filtro: null,
          })),
          series: [
            {
              clave: 'demora',
              nombre: 'Demora (días)',
              unidad: 'dias',
              valores: filas.map((f) => r2(f.demoraSeg / DIA_S)),
            },
          ],
          resumen: this.indicadoresDemora(resumen),
        };
      }
      case 'demora-por-tipo':
      case 'demora-por-usuario': {
        const por = nombre === 'demora-por-tipo' ? 'tipo' : 'responsable';
        const [filas, resumen] = await Promise.all([
          repo.demoraPor(e, rango, ahora, por),
          repo.resumenDemora(e, rango, ahora, null),
        ]);
        const sinNombre = por === 'tipo' ? 'Sin tipo' : 'Sin responsable';
        return {
          ...base('barrasHorizontales'),
          categorias: filas.map((f) => ({
            clave: f.id == null ? (por === 'tipo' ? 'sin-tipo' : 'sin-responsable') : String(f.id),
            nombre: f.id == null ? sinNombre : (f.nombre ?? `#${f.id}`),
            cantidad: f.n,
            filtro: null,
          })),
          series: [
            {
              clave: 'promedio',
              nombre: 'Demora promedio (días)',
              unidad: 'dias',
              valores: filas.map((f) => r2(f.promedio / DIA_S)),
            },
          ],
          resumen: this.indicadoresDemora(resumen),
        };
      }
      case 'satisfaccion': {
        const filas = await repo.satisfaccion(e, rango);
        const n = (p: number) => filas.find((f) => f.puntaje === p)?.n ?? 0;
        const total = filas.reduce((a, f) => a + f.n, 0);
        const suma = filas.reduce((a, f) => a + f.n * f.puntaje, 0);
        return {
          ...base('barras'),
          categorias: [1, 2, 3, 4, 5].map((p) => ({
            clave: String(p),
            nombre: p === 1 ? '1 estrella' : `${p} estrellas`,
            cantidad: n(p),
            filtro: null,
          })),
          series: [
            {
              clave: 'encuestas',
              nombre: 'Encuestas respondidas',
              unidad: 'encuestas',
              valores: [1, 2, 3, 4, 5].map(n),
            },
          ],
          resumen: [
            { clave: 'respondidas', nombre: 'Encuestas respondidas', valor: total, unidad: 'encuestas' },
            {
              clave: 'promedio',
              nombre: 'Puntaje promedio',
              valor: total ? r2(suma / total) : null,
              unidad: 'puntaje',
            },
          ],
          aviso: total ? null : 'Todavía no hay encuestas respondidas en este período.',
        };
      }
    }
  }

  private indicadoresDemora(r: ResumenDemoraFila): Indicador[] {
    return [
      {
        clave: 'conVencimiento',
        nombre: 'Órdenes que vencen en el período',
        valor: r.con_vencimiento,
        unidad: 'ordenes',
      },
      { clave: 'conDemora', nombre: 'Con demora', valor: r.con_demora + r.vencidas, unidad: 'ordenes' },
      { clave: 'promedio', nombre: 'Demora promedio', valor: dias(r.promedio_seg), unidad: 'dias' },
      { clave: 'mediana', nombre: 'Mediana de demora', valor: dias(r.mediana_seg), unidad: 'dias' },
    ];
  }

  /** A count per state, type, area, client or responsable, with «Otros» past the first 15. */
  private porGrupo(g: Grafico, rango: RangoDias, por: Agrupacion, filas: FilaGrupo[]): Grafico {
    const periodo: FiltroDetalle = { campoFecha: 'creada', fechaDesde: rango.desdeMs, fechaHasta: rango.hastaMs };
    let categorias: CategoriaGrafico[];
    if (por === 'estado') {
      categorias = ESTADOS.map((e) => ({
        clave: String(e.id),
        nombre: e.nombre,
        cantidad: filas.find((f) => f.id === e.id)?.n ?? 0,
        filtro: { ...periodo, estados: [e.id] },
      }));
    } else {
      const sin = { tipo: 'Sin tipo', area: 'Sin área', cliente: 'Sin cliente', responsable: 'Sin responsable' }[por];
      const conId = filas.filter((f) => f.id != null);
      const sinId = filas.find((f) => f.id == null);
      categorias = conId.slice(0, MAXIMO_CATEGORIAS).map((f) => ({
        clave: String(f.id),
        nombre: f.nombre ?? `#${f.id}`,
        cantidad: f.n,
        filtro: { ...periodo, [por]: f.id as number },
      }));
      const resto = conId.slice(MAXIMO_CATEGORIAS).reduce((a, f) => a + f.n, 0);
      if (resto) categorias.push({ clave: 'otros', nombre: 'Otros', cantidad: resto, filtro: null });
      if (sinId?.n) categorias.push({ clave: `sin-${por}`, nombre: sin, cantidad: sinId.n, filtro: null });
    }
    const total = por === 'responsable' ? null : categorias.reduce((a, c) => a + c.cantidad, 0);
    const serie: SerieGrafico = {
      clave: 'ordenes',
      nombre: 'Órdenes creadas',
      unidad: 'ordenes',
      valores: categorias.map((c) => c.cantidad),
    };
    return {
      ...g,
      categorias,
      series: [serie],
      resumen:
        total == null
          ? []
          : [{ clave: 'total', nombre: 'Órdenes creadas en el período', valor: total, unidad: 'ordenes' }],
    };
  }

  /** Created and finished per week or month: every bucket of the range, empty ones as 0. */
  private serieTemporal(
    g: Grafico,
    rango: RangoDias,
    unidad: Unidad,
    claves: string[],
    filas: { creadas: number[]; finalizadas: number[] },
  ): Grafico {
    const creadas = new Map(claves.map((c, i) => [c, filas.creadas[i] ?? 0]));
    const finalizadas = new Map(claves.map((c, i) => [c, filas.finalizadas[i] ?? 0]));
    const categorias = claves.map((c, i) => {
      const siguiente = claves[i + 1];
      const ultimoDia = siguiente ? sumarDias(siguiente, -1) : rango.hasta;
      const desde = c < rango.desde ? rango.desde : c;
      const hasta = ultimoDia > rango.hasta ? rango.hasta : ultimoDia;
      const nombre =
        unidad === 'month'
          ? `${MESES[Number(c.slice(5, 7)) - 1]} ${c.slice(0, 4)}`
          : textoDia(unidad === 'week' ? c : c);
      return {
        clave: c,
        nombre,
        cantidad: creadas.get(c) ?? 0,
        filtro: {
          campoFecha: 'creada' as const,
          fechaDesde: inicioDelDia(desde, ZONA),
          fechaHasta: finDelDia(hasta, ZONA),
        },
      };
    });
    const tc = claves.reduce((a, c) => a + (creadas.get(c) ?? 0), 0);
    const tf = claves.reduce((a, c) => a + (finalizadas.get(c) ?? 0), 0);
    return {
      ...g,
      categorias,
      series: [
        { clave: 'creadas', nombre: 'Creadas', unidad: 'ordenes', valores: claves.map((c) => creadas.get(c) ?? 0) },
        {
          clave: 'finalizadas',
          nombre: 'Finalizadas',
          unidad: 'ordenes',
          valores: claves.map((c) => finalizadas.get(c) ?? 0),
        },
      ],
      resumen: [
        { clave: 'creadas', nombre: 'Creadas en el período', valor: tc, unidad: 'ordenes' },
        { clave: 'finalizadas', nombre: 'Finalizadas en el período', valor: tf, unidad: 'ordenes' },
      ],
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Delay reports

  private demoraOrden(f: FilaDemoraOrden): DemoraOrden {
    const e = estadoInfo(f.estadoId);
    return {
      id: f.id,
      numero: f.numero,
      titulo: f.titulo,
      estado: { id: f.estadoId, nombre: e?.nombre ?? '', color: e?.color ?? 'medium' },
      tipoOrden: f.tipoId == null ? null : { id: f.tipoId, nombre: f.tipo ?? '' },
      area: f.areaId == null ? null : { id: f.areaId, nombre: f.area ?? '' },
      cliente: f.clienteId == null ? null : { id: f.clienteId, nombre: f.cliente ?? '' },
      responsables: f.responsables.map((p) => ({
        id: Number(p.id),
        usuario: p.usuario,
        nombre: p.nombre,
        apellido: p.apellido,
      })),
      fechaFin: f.fechaFin,
      finalizada: f.finalizada,
      situacion: situacion(f),
      demoraDias: f.demoraSeg > 0 ? r2(f.demoraSeg / DIA_S) : 0,
    };
  }

  private resumenDemora(r: ResumenDemoraFila): ResumenDemora {
    return {
      conVencimiento: r.con_vencimiento,
      finalizadasATiempo: r.a_tiempo,
      finalizadasConDemora: r.con_demora,
      vencidas: r.vencidas,
      enPlazo: r.en_plazo,
      demoraPromedioDias: dias(r.promedio_seg),
      demoraMedianaDias: dias(r.mediana_seg),
    };
  }

  /** A type of the actor's company, or 404 (another company's type is "does not exist"). */
  private async tipoDe(actor: Actor, tipo: number | null | undefined): Promise<{ id: number; nombre: string } | null> {
    if (tipo == null) return null;
    const t = await this.repo().findTipo(actor.entidadId, tipo);
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
    const repo = this.repo();
    const [lista, resumen] = await Promise.all([
      repo.listDemoras(actor.entidadId, rango, ahora, {
        tipo: tipo?.id ?? null,
        soloConDemora: q.soloConDemora,
        limite: q.porPagina,
        offset: q.pagina * q.porPagina,
      }),
      repo.resumenDemora(actor.entidadId, rango, ahora, tipo?.id ?? null),
    ]);
    return {
      fechaDesde: rango.desdeMs,
      fechaHasta: rango.hastaMs,
      tipo,
      resumen: this.resumenDemora(resumen),
      ordenes: lista.filas.map((f) => this.demoraOrden(f)),
      total: lista.total,
      pagina: q.pagina,
      porPagina: q.porPagina,
    };
  }

  /**
   * POST /api/v2/estadisticas/demora/export/acceso: a random 256-bit token for one download of this
   * export, valid 2 minutes; only its SHA-256 is stored, with what it may download.
   */
  async accesoExport(
    actor: Actor,
    q: { fechaDesde?: number | null; fechaHasta?: number | null; tipo?: number | null },
  ): Promise<AccesoExport> {
    this.exigir(actor);
    const rango = this.rango(q);
    const tipo = await this.tipoDe(actor, q.tipo);
    const ahora = this.clock.now();
    const { token, hash } = crearToken();
    const expira = new Date(ahora.getTime() + VIGENCIA_ACCESO_EXPORT_MS);
    await this.repo().insertAcceso({
      entidadId: actor.entidadId,
      usuarioId: actor.id,
      tokenHash: hash,
      desdeMs: rango.desdeMs,
      hastaMs: rango.hastaMs,
      tipoId: tipo?.id ?? null,
      expira,
      ahora,
    });
    return {
      access: token,
      expira: expira.getTime(),
      url: urlDe(RUTAS.exportDemora, undefined, {
        fechaDesde: rango.desdeMs,
        fechaHasta: rango.hastaMs,
        access: token,
      }),
    };
  }

  /**
   * GET /api/v2/estadisticas/demora/export?fechaDesde&fechaHasta&access: the token is checked and
   * spent before the first byte; then the orders due in its range are written page by page while
   * they are sent (bounded memory: one page, and at most ~1 MB waiting for the client).
   */
  async exportDemoras(q: {
    fechaDesde?: number | undefined;
    fechaHasta?: number | undefined;
    access: string;
  }): Promise<{ nombre: string; tipo: string; stream: Readable }> {
    const repo = this.repo();
    const ahora = this.clock.now();
    const fila = await repo.findAcceso(hashDeToken(q.access));
    if (!fila) throw new AppError('ENLACE_INVALIDO', MENSAJES_ACCESO.invalido);
    if (fila.usado) throw new AppError('ENLACE_USADO', MENSAJES_ACCESO.usado);
    if (fila.expira.getTime() <= ahora.getTime()) throw new AppError('ENLACE_VENCIDO', MENSAJES_ACCESO.vencido);
    const rango = {
      desde: diaDeMs(fila.fechaDesde.getTime(), ZONA),
      hasta: diaDeMs(fila.fechaHasta.getTime(), ZONA),
      desdeMs: fila.fechaDesde.getTime(),
      hastaMs: fila.fechaHasta.getTime(),
    };
    if (
      (q.fechaDesde != null && diaDeMs(q.fechaDesde, ZONA) !== rango.desde) ||
      (q.fechaHasta != null && diaDeMs(q.fechaHasta, ZONA) !== rango.hasta)
    ) {
      throw AppError.invalid('fechaDesde', MENSAJES_ACCESO.otroRango);
    }
    if (!(await repo.spendAcceso(fila.id, ahora))) throw new AppError('ENLACE_USADO', MENSAJES_ACCESO.usado);

    const entidadId = fila.entidadId;
    const t = ahora.getTime();
    const out = new PassThrough();
    const wb = await libro(out);
    const ws = hoja(wb, 'Demoras', [
      { header: 'Número', key: 'numero', width: 10 },
      { header: 'Título', key: 'titulo', width: 40 },
      { header: 'Tipo', key: 'tipo', width: 18 },
      { header: 'Área', key: 'area', width: 18 },
      { header: 'Cliente', key: 'cliente', width: 28 },
      { header: 'Responsables', key: 'responsables', width: 30 },
      { header: 'Estado', key: 'estado', width: 13 },
      { header: 'Vence', key: 'vence', width: 13, style: { numFmt: 'dd/mm/yyyy' } },
      { header: 'Finalizada', key: 'finalizada', width: 17, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
      { header: 'Situación', key: 'situacion', width: 22 },
      { header: 'Demora (días)', key: 'demora', width: 14, style: { numFmt: '0.00' } },
    ]);
    enSegundoPlano(out, async () => {
      let cursor: [number, number] | null = null;
      for (;;) {
        const filas = await repo.pageExport(entidadId, rango, t, fila.tipoId, cursor, PAGINA_EXPORT);
        let escritas = 0;
        for (const f of filas) {
          // Every 100 rows, let the compressor and the client take what was written and give the event
          // loop (and the collector) a turn: a page written in one burst left more garbage alive at
          // once (peak RSS of the first export of 170,000 rows: 253-276 MB in one burst, 227-232 MB so).
          if (++escritas % 100 === 0) {
            await esperarCliente(out, ws);
            await new Promise((r) => setImmediate(r));
          }
          const o = this.demoraOrden(f);
          ws.addRow({
            numero: o.numero,
            titulo: o.titulo,
            tipo: o.tipoOrden?.nombre ?? '',
            area: o.area?.nombre ?? '',
            cliente: o.cliente?.nombre ?? '',
            responsables: o.responsables.map(nombrePersona).join(', '),
            estado: o.estado.nombre,
            vence: fechaExcel(o.fechaFin),
            finalizada: o.finalizada != null ? fechaExcel(o.finalizada) : null,
            situacion: TEXTOS_SITUACION[o.situacion],
            demora: o.demoraDias,
          }).commit();
        }
        if (filas.length < PAGINA_EXPORT) break;
        const ultima = filas[filas.length - 1] as FilaDemoraOrden;
        cursor = [ultima.fechaFin, ultima.id];
        await esperarCliente(out, ws);
      }
      ws.commit();
      await wb.commit();
    });
    return { nombre: `demoras-${rango.desde}-a-${rango.hasta}.xlsx`, tipo: XLSX, stream: out };
  }

  // ---------------------------------------------------------------------------------------------
  // Scorecard

  /** POST /api/v2/estadisticas/responsables/desempeno. */
  async desempeno(actor: Actor, q: { fechaDesde?: number | null; fechaHasta?: number | null }): Promise<Desempeno> {
    this.exigir(actor);
    const rango = this.rango(q);
    const ahora = this.clock.now().getTime();
    const [filas, vencidasAbiertas] = await Promise.all([
      this.repo().desempeno(actor.entidadId, rango, rango, ahora),
      this.repo().vencidasConResponsable(actor.entidadId, ahora),
    ]);
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

  // ---------------------------------------------------------------------------------------------
  // Dashboard

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
    const repo = this.repo();
    // The chart over time reaches today at most (days to come have nothing yet: they are not
    // zeros), and a long period is drawn by week or by month, so that its points stay readable.
    const periodoSerie: RangoDias =
      periodo.hasta > hoy ? { ...periodo, hasta: hoy, hastaMs: Math.min(periodo.hastaMs, rHoy.hastaMs) } : periodo;
    const unidadSerie = unidadDeSerie(periodoSerie);
    const dias = clavesDe(periodoSerie, unidadSerie);
    const [t, serie, plan] = await Promise.all([
      repo.tablero(condiciones, ahora, rHoy, finSemana, periodo),
      repo.creadasYFinalizadas(actor.entidadId, periodoSerie, cortesDe(periodoSerie, dias), condiciones),
      this.deps.plans.estado(actor),
    ]);

    const base = filtroBase(filtros);
    const conEstados = (ids: readonly number[]): FiltroDetalle | null => {
      const e = base.estados ? ids.filter((i) => base.estados?.includes(i)) : [...ids];
      return e.length ? { ...base, estados: e } : null;
    };
    const venceEntre = (desdeMs: number, hastaMs?: number): FiltroDetalle | null => {
      const b = conEstados(ESTADOS_ABIERTOS);
      return (
        b && { ...b, campoFecha: 'fechaFin', fechaDesde: desdeMs, ...(hastaMs != null ? { fechaHasta: hastaMs } : {}) }
      );
    };
    // The finished orders of the period: what the finished, median and on-time cards count over.
    const finalizadasDelPeriodo = ((): FiltroDetalle | null => {
      const b = conEstados([ESTADO.FINALIZADA]);
      return b && { ...b, campoFecha: 'finalizada', fechaDesde: periodo.desdeMs, fechaHasta: periodo.hastaMs };
    })();
    const usada = plan?.quota != null && plan.quotaDisponible != null ? plan.quota - plan.quotaDisponible : null;
    const tarjeta = (x: TarjetaDashboard) => x;
    const tarjetas: TarjetaDashboard[] = [
      tarjeta({
        clave: 'abiertas',
        titulo: 'Abiertas',
        valor: t.abiertas,
        unidad: 'ordenes',
        total: null,
        filtro: conEstados(ESTADOS_ABIERTOS),
      }),
      tarjeta({
        clave: 'vencidas',
        titulo: 'Vencidas',
        valor: t.vencidas,
        unidad: 'ordenes',
        total: null,
        filtro: { ...base, vencidas: true },
      }),
      tarjeta({
        clave: 'vencenHoy',
        titulo: 'Vencen hoy',
        valor: t.vencen_hoy,
        unidad: 'ordenes',
        total: null,
        filtro: venceEntre(rHoy.desdeMs, rHoy.hastaMs),
      }),
      tarjeta({
        clave: 'vencenEstaSemana',
        titulo: 'Vencen esta semana',
        valor: t.vencen_semana,
        unidad: 'ordenes',
        total: null,
        filtro: venceEntre(rHoy.desdeMs, finSemana),
      }),
      tarjeta({
        clave: 'finalizadasEnPeriodo',
        titulo: 'Finalizadas en el período',
        valor: t.finalizadas,
        unidad: 'ordenes',
        total: null,
        filtro: finalizadasDelPeriodo,
      }),
      tarjeta({
        clave: 'medianaResolucion',
        titulo: 'Mediana de resolución',
        valor: t.mediana_resolucion_seg == null ? null : r2(t.mediana_resolucion_seg / 3600),
        unidad: 'horas',
        total: null,
        filtro: finalizadasDelPeriodo,
      }),
      tarjeta({
        clave: 'porcentajeATiempo',
        titulo: 'Finalizadas a tiempo',
        valor: pct(t.a_tiempo, t.con_vencimiento),
        unidad: 'porcentaje',
        total: t.con_vencimiento,
        filtro: finalizadasDelPeriodo,
      }),
      tarjeta({
        clave: 'quotaUsada',
        titulo: 'Quota usada',
        valor: usada,
        unidad: 'ordenes',
        total: plan?.quota ?? null,
        filtro: null,
      }),
    ];

    const grafico = (g: Omit<Grafico, 'fechaDesde' | 'fechaHasta' | 'aviso' | 'resumen'>): Grafico => ({
      ...g,
      fechaDesde: periodo.desdeMs,
      fechaHasta: periodo.hastaMs,
      resumen: [],
      aviso: null,
    });
    const abiertasPorEstado = ESTADOS_ABIERTOS.map((id) => ({
      id,
      n: id === ESTADO.PENDIENTE ? t.pendientes : id === ESTADO.EN_PROCESO ? t.en_proceso : t.en_espera,
    }));
    const manana = inicioDelDia(sumarDias(hoy, 1), ZONA);
    const vencimientos: CategoriaGrafico[] = [
      { clave: 'vencidas', nombre: 'Vencidas', cantidad: t.vencidas, filtro: { ...base, vencidas: true } },
      { clave: 'hoy', nombre: 'Hoy', cantidad: t.vencen_hoy, filtro: venceEntre(rHoy.desdeMs, rHoy.hastaMs) },
      {
        clave: 'semana',
        nombre: 'Resto de la semana',
        cantidad: t.vencen_semana - t.vencen_hoy,
        filtro: manana <= finSemana ? venceEntre(manana, finSemana) : null,
      },
      { clave: 'despues', nombre: 'Más adelante', cantidad: t.vencen_despues, filtro: venceEntre(finSemana + 1) },
      { clave: 'sin-fecha', nombre: 'Sin fecha de fin', cantidad: t.sin_vencimiento, filtro: null },
    ];
    const diario = this.serieTemporal(
      grafico({
        grafico: 'creadas-vs-finalizadas',
        titulo: `Creadas y finalizadas por ${NOMBRE_UNIDAD[unidadSerie]}`,
        tipo: 'lineas',
        categorias: [],
        series: [],
      }),
      periodoSerie,
      unidadSerie,
      dias,
      serie,
    );
    // The day buckets' filters add the actor's filters to the day.
    diario.categorias = diario.categorias.map((c) => ({ ...c, filtro: c.filtro && { ...base, ...c.filtro } }));
    diario.resumen = [];
    return {
      fechaDesde: periodo.desdeMs,
      fechaHasta: periodo.hastaMs,
      ahora,
      tarjetas,
      graficos: [
        grafico({
          grafico: 'abiertas-por-estado',
          titulo: 'Abiertas por estado',
          tipo: 'dona',
          categorias: abiertasPorEstado.map((x) => ({
            clave: String(x.id),
            nombre: estadoInfo(x.id)?.nombre ?? '',
            cantidad: x.n,
            filtro: conEstados([x.id]),
          })),
          series: [
            {
              clave: 'abiertas',
              nombre: 'Órdenes abiertas',
              unidad: 'ordenes',
              valores: abiertasPorEstado.map((x) => x.n),
            },
          ],
        }),
        grafico({
          grafico: 'vencimientos',
          titulo: 'Abiertas por vencimiento',
          tipo: 'barras',
          categorias: vencimientos,
          series: [
            {
              clave: 'abiertas',
              nombre: 'Órdenes abiertas',
              unidad: 'ordenes',
              valores: vencimientos.map((c) => c.cantidad),
            },
          ],
        }),
        diario,
      ],
    };
  }
}

/** The actor's own filters, as the order list takes them (dates, paging and order aside). */
function filtroBase(f: Filtros): FiltroDetalle {
  const b: FiltroDetalle = {};
  if (f.estados?.length) b.estados = [...f.estados];
  if (f.cliente) b.cliente = f.cliente;
  if (f.responsable) b.responsable = f.responsable;
  if (f.tipo) b.tipo = f.tipo;
  if (f.area) b.area = f.area;
  if (f.prioridad) b.prioridad = f.prioridad;
  if (f.vencidas) b.vencidas = true;
  const q = f.buscar?.trim();
  if (q) b.buscar = q;
  return b;
}
