// CONTRATO LISTO
/**
 * Statistics, dashboard, delay reports and the scorecard per responsable (issue 14, SPEC §2-§3,
 * §7 "Statistics and dashboard", §9). Every chart, its range and its rules are documented one by
 * one in docs/ESTADISTICAS.md.
 *
 * Ranges are calendar days of the company's zone (America/Argentina/Buenos_Aires), inclusive: the
 * server reads the day that contains `fechaDesde` from its first ms and the day that contains
 * `fechaHasta` up to its last ms, whatever ms of those days was sent.
 */
import { z } from 'zod';
import { CONSTANTES, MENSAJE_FECHA_MS, zEpochMs, zFechaIngresada, zId, zIdNombre, zTexto } from './common.js';
import {
  diaDeMs,
  esDia,
  finDelDia,
  inicioDelDia,
  sumarDias,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type Dia,
} from './fechas.js';
import { CAMPOS_FECHA, camposPaginacion, camposPaginaDeOrdenes, zOrdenResumen, zPersona } from './orders.js';

// ---------------------------------------------------------------------------------------------
// The closed set of charts

/** `{chart}` of POST /api/v2/estadisticas/{chart}: the closed set. */
export const GRAFICOS = [
  'ordenes-por-estado',
  'ordenes-por-tipo',
  'ordenes-por-area',
  'ordenes-por-cliente',
  'ordenes-por-responsable',
  'creadas-vs-finalizadas-semana',
  'creadas-vs-finalizadas-mes',
  'tiempo-resolucion',
  'demora-por-orden',
  'demora-por-tipo',
  'demora-por-usuario',
  'satisfaccion',
] as const;
export type NombreGrafico = (typeof GRAFICOS)[number];

/** The title of each chart, as the screens show it. */
export const TITULOS_GRAFICO: Readonly<Record<NombreGrafico, string>> = {
  'ordenes-por-estado': 'Órdenes por estado',
  'ordenes-por-tipo': 'Órdenes por tipo',
  'ordenes-por-area': 'Órdenes por área',
  'ordenes-por-cliente': 'Órdenes por cliente',
  'ordenes-por-responsable': 'Órdenes por responsable',
  'creadas-vs-finalizadas-semana': 'Creadas y finalizadas por semana',
  'creadas-vs-finalizadas-mes': 'Creadas y finalizadas por mes',
  'tiempo-resolucion': 'Tiempo de resolución',
  'demora-por-orden': 'Órdenes con más demora',
  'demora-por-tipo': 'Demora por tipo de orden',
  'demora-por-usuario': 'Demora por responsable',
  satisfaccion: 'Satisfacción de los clientes',
};

export const MENSAJE_GRAFICO_DESCONOCIDO = `El gráfico no existe. Use uno de: ${GRAFICOS.join(', ')}.`;

export const zNombreGrafico = z.enum(GRAFICOS, { error: MENSAJE_GRAFICO_DESCONOCIDO });

/** `{ grafico }` of the chart route. */
export const zParamsGrafico = z.object({ grafico: zNombreGrafico });

// ---------------------------------------------------------------------------------------------
// The range (SPEC §3 "Statistics range": fechaDesde, fechaHasta, in ms)

/** The longest range accepted: 5 years. */
export const ANIOS_MAXIMOS_RANGO = 5;

const MENSAJE_FECHA = MENSAJE_FECHA_MS;
const zFechaMs = zFechaIngresada;

export const MENSAJES_RANGO = {
  fechaInvalida: MENSAJE_FECHA,
  desdeMayor: 'La fecha desde no puede ser posterior a la fecha hasta.',
  demasiadoLargo: `El rango no puede superar ${ANIOS_MAXIMOS_RANGO} años.`,
} as const;

/** A range of calendar days of `zona`, inclusive: first ms of «desde», last ms of «hasta». */
export interface RangoDias {
  desde: Dia;
  hasta: Dia;
  /** First ms of `desde`. */
  desdeMs: number;
  /** Last ms of `hasta`. */
  hastaMs: number;
}

/** The day `anios` years after `dia` (29 February goes to 28 February or 1 March as Date says). */
function sumarAnios(dia: Dia, anios: number): Dia {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a + anios, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * The range of a statistics call: each bound missing takes SPEC §9's default (2019-06-01 to
 * 2019-10-30); each ms is read as the day of `zona` that contains it. The reason, when the range
 * is refused: `desdeMayor` or `demasiadoLargo` (more than 5 years from «desde» to «hasta»).
 */
export function rangoEstadisticas(
  fechaDesde: number | null | undefined,
  fechaHasta: number | null | undefined,
  zona: string = ZONA_HORARIA_EMPRESA_POR_DEFECTO,
): { ok: true; rango: RangoDias } | { ok: false; motivo: keyof typeof MENSAJES_RANGO } {
  const valida = (ms: number | null | undefined) =>
    ms == null || (Number.isInteger(ms) && ms >= 0 && ms <= 8_640_000_000_000);
  if (!valida(fechaDesde) || !valida(fechaHasta)) return { ok: false, motivo: 'fechaInvalida' };
  const desde = fechaDesde == null ? CONSTANTES.estadisticasDesdeDefecto : diaDeMs(fechaDesde, zona);
  const hasta = fechaHasta == null ? CONSTANTES.estadisticasHastaDefecto : diaDeMs(fechaHasta, zona);
  if (!esDia(desde) || !esDia(hasta)) return { ok: false, motivo: 'desdeMayor' };
  if (desde > hasta) return { ok: false, motivo: 'desdeMayor' };
  if (sumarAnios(desde, ANIOS_MAXIMOS_RANGO) < hasta) return { ok: false, motivo: 'demasiadoLargo' };
  return { ok: true, rango: { desde, hasta, desdeMs: inicioDelDia(desde, zona), hastaMs: finDelDia(hasta, zona) } };
}

/** The current month of `zona` as a range (the screens' default; the dashboard's period). */
export function mesActual(zona: string = ZONA_HORARIA_EMPRESA_POR_DEFECTO, ahora = Date.now()): RangoDias {
  const hoy = diaDeMs(ahora, zona);
  const desde = `${hoy.slice(0, 8)}01`;
  const siguiente = sumarDias(`${hoy.slice(0, 8)}28`, 4).slice(0, 8) + '01';
  const hasta = sumarDias(siguiente, -1);
  return { desde, hasta, desdeMs: inicioDelDia(desde, zona), hastaMs: finDelDia(hasta, zona) };
}

function validarRango(v: { fechaDesde?: number | null; fechaHasta?: number | null }, ctx: z.RefinementCtx): void {
  const r = rangoEstadisticas(v.fechaDesde, v.fechaHasta);
  // A date that is not one is already reported on its own field.
  if (!r.ok && r.motivo !== 'fechaInvalida')
    ctx.addIssue({ code: 'custom', message: MENSAJES_RANGO[r.motivo], path: ['fechaHasta'] });
}

const camposRango = {
  fechaDesde: zFechaMs.nullable().optional(),
  fechaHasta: zFechaMs.nullable().optional(),
};

/** The range an answer applied: first ms of «desde» and last ms of «hasta», Argentina days. */
const camposRangoAplicado = {
  fechaDesde: zEpochMs,
  fechaHasta: zEpochMs,
};

/** POST /api/v2/estadisticas/{chart} {fechaDesde, fechaHasta}: ms; missing means SPEC §9's range. */
export const zRangoEstadisticas = z.object(camposRango).superRefine(validarRango);
export type RangoEstadisticas = z.input<typeof zRangoEstadisticas>;

// ---------------------------------------------------------------------------------------------
// Drill-down: the order list's filters that select the orders behind a figure

/**
 * Filters of the order list (the body of POST /api/v4/ordenes/all/filtered, `zFiltros`) that
 * select exactly the orders behind a card or a chart segment; detalle-grafico-ordenes shows the
 * list with them. Null on a figure when the list's filters cannot express it exactly.
 */
export const zFiltroDetalle = z.object({
  estados: z.array(z.number().int()).optional(),
  cliente: z.number().int().optional(),
  responsable: z.number().int().optional(),
  tipo: z.number().int().optional(),
  area: z.number().int().optional(),
  prioridad: z.number().int().optional(),
  fechaDesde: zEpochMs.optional(),
  fechaHasta: zEpochMs.optional(),
  campoFecha: z.enum(CAMPOS_FECHA).optional(),
  vencidas: z.boolean().optional(),
  buscar: z.string().optional(),
});
export type FiltroDetalle = z.infer<typeof zFiltroDetalle>;

// ---------------------------------------------------------------------------------------------
// The answer of every chart

/** How the screens draw a chart (the shared `Grafico` component's `tipo`). */
export const TIPOS_GRAFICO = ['barras', 'barrasHorizontales', 'lineas', 'dona'] as const;
/** What the numbers of a series count. */
export const UNIDADES = ['ordenes', 'dias', 'horas', 'porcentaje', 'puntaje', 'encuestas'] as const;
export type Unidad = (typeof UNIDADES)[number];

/** One category of a chart: a bar, a segment, a point of the x axis. */
export const zCategoriaGrafico = z.object({
  /** Stable key: the id as text, `sin-tipo`, `2026-03-02` (a week's Monday), `2026-03` (a month). */
  clave: z.string(),
  /** The label shown (plain text, never HTML). */
  nombre: z.string(),
  /** Orders (or answered surveys, for satisfaction) behind the category. */
  cantidad: z.number().int(),
  filtro: zFiltroDetalle.nullable(),
});
export type CategoriaGrafico = z.infer<typeof zCategoriaGrafico>;

/** One series: a value per category, in the categories' order. */
export const zSerieGrafico = z.object({
  clave: z.string(),
  nombre: z.string(),
  unidad: z.enum(UNIDADES),
  valores: z.array(z.number()),
});
export type SerieGrafico = z.infer<typeof zSerieGrafico>;

/** A figure that sums a chart up (a total, an average, a median). Null when there is no data. */
export const zIndicador = z.object({
  clave: z.string(),
  nombre: z.string(),
  valor: z.number().nullable(),
  unidad: z.enum(UNIDADES),
});
export type Indicador = z.infer<typeof zIndicador>;

/** The answer of POST /api/v2/estadisticas/{chart}; the dashboard's charts have the same shape. */
export const zGrafico = z.object({
  /** The chart's name (one of GRAFICOS; on the dashboard, its own key). */
  grafico: z.string(),
  titulo: z.string(),
  tipo: z.enum(TIPOS_GRAFICO),
  ...camposRangoAplicado,
  categorias: z.array(zCategoriaGrafico),
  series: z.array(zSerieGrafico),
  resumen: z.array(zIndicador),
  /** Why there is nothing to show, when that is not just an empty range (e.g. no surveys yet). */
  aviso: z.string().nullable(),
});
export type Grafico = z.infer<typeof zGrafico>;

// ---------------------------------------------------------------------------------------------
// Delay (docs/ESTADISTICAS.md): only orders with a due date (fechaFin) and not cancelled.
// A finished order is late by finalizada - fechaFin when positive; an open order past its due
// date is late by now - fechaFin. Delays travel in days with decimals (hours / 24).

export const SITUACIONES_DEMORA = ['finalizadaATiempo', 'finalizadaConDemora', 'vencida', 'enPlazo'] as const;
export type SituacionDemora = (typeof SITUACIONES_DEMORA)[number];
export const TEXTOS_SITUACION: Readonly<Record<SituacionDemora, string>> = {
  finalizadaATiempo: 'Finalizada a tiempo',
  finalizadaConDemora: 'Finalizada con demora',
  vencida: 'Vencida (abierta)',
  enPlazo: 'Abierta en plazo',
};

/** POST /api/v2/estadisticas/demora/ordenes: orders due in the range, the latest first. */
export const zDemorasOrdenesQuery = z
  .object({
    ...camposRango,
    /** Only orders of this type (screen demora-por-orden/:tipo). */
    tipo: zId.nullable().optional(),
    /** Only late orders (finished late or open past due); false lists every order due in the range. */
    soloConDemora: z.boolean().optional().default(true),
    ...camposPaginacion,
  })
  .superRefine(validarRango);
export type DemorasOrdenesQuery = z.input<typeof zDemorasOrdenesQuery>;

/** A row of the report: the order as the order list shows it (its fields, not all of them), then its delay. */
export const zDemoraOrden = zOrdenResumen
  .pick({
    id: true,
    numero: true,
    titulo: true,
    estado: true,
    tipoOrden: true,
    area: true,
    cliente: true,
    responsables: true,
  })
  .extend({
    /** The due date. */
    fechaFin: zEpochMs,
    finalizada: zEpochMs.nullable(),
    situacion: z.enum(SITUACIONES_DEMORA),
    /** Days late (0 when on time or still within its due date). */
    demoraDias: z.number(),
  });
export type DemoraOrden = z.infer<typeof zDemoraOrden>;

/** The counts of the orders due in the range (all of them, whatever the page or soloConDemora). */
export const zResumenDemora = z.object({
  conVencimiento: z.number().int(),
  finalizadasATiempo: z.number().int(),
  finalizadasConDemora: z.number().int(),
  vencidas: z.number().int(),
  enPlazo: z.number().int(),
  /** Of the late orders (finished late or open past due). */
  demoraPromedioDias: z.number().nullable(),
  demoraMedianaDias: z.number().nullable(),
});
export type ResumenDemora = z.infer<typeof zResumenDemora>;

export const zDemorasOrdenes = z.object({
  ...camposRangoAplicado,
  /** The type asked for, with its name (null when none was asked). */
  tipo: zIdNombre.nullable(),
  resumen: zResumenDemora,
  ...camposPaginaDeOrdenes(zDemoraOrden),
});
export type DemorasOrdenes = z.infer<typeof zDemorasOrdenes>;

// ---------------------------------------------------------------------------------------------
// The delay export: a short-lived, signed, single-use `access` token, then a GET the browser opens

/** POST /api/v2/estadisticas/demora/export/acceso: what the export will hold. */
export const zAccesoExportQuery = z
  .object({ ...camposRango, tipo: zId.nullable().optional() })
  .superRefine(validarRango);
export type AccesoExportQuery = z.input<typeof zAccesoExportQuery>;

/** The token and the URL to open (relative, with fechaDesde, fechaHasta and access). */
export const zAccesoExport = z.object({
  access: z.string(),
  /** When the token stops working (ms). It works once. */
  expira: zEpochMs,
  url: z.string(),
});
export type AccesoExport = z.infer<typeof zAccesoExport>;

/** How long an `access` token lives. */
export const VIGENCIA_ACCESO_EXPORT_MS = 2 * 60_000;

const MENSAJE_FECHA_QUERY = 'Debe ser una fecha en milisegundos (un número entero).';
const zFechaQuery = zTexto(MENSAJE_FECHA_QUERY)
  .regex(/^\d{1,16}$/, MENSAJE_FECHA_QUERY)
  .transform(Number)
  .pipe(zFechaMs);

/** GET /api/v2/estadisticas/demora/export?fechaDesde&fechaHasta&access (the browser opens it). */
export const zExportDemoraQuery = z.object({
  fechaDesde: zFechaQuery.optional(),
  fechaHasta: zFechaQuery.optional(),
  access: zTexto('Falta el parámetro access: pida la exportación de nuevo.').min(
    1,
    'Falta el parámetro access: pida la exportación de nuevo.',
  ),
});

// ---------------------------------------------------------------------------------------------
// Scorecard per responsable (screen demoras-usuario)

/**
 * First-time fix and conformity (issue 31), over the orders finished in the range: a finished order
 * is fixed the first time when no follow-up order was created from it; the conformity rate counts
 * the finished orders whose client answered (signed, «Conforme» or «No conforme»).
 */
export const zCalidad = z.object({
  /** Finished orders in the range with no follow-up order created from them. */
  sinSeguimiento: z.number().int(),
  /** sinSeguimiento / finalizadas, 0-100; null without finished orders. */
  porcentajePrimeraVez: z.number().nullable(),
  /** Finished orders in the range whose client's conformity is «conforme» / «no conforme» now. */
  conformes: z.number().int(),
  noConformes: z.number().int(),
  /** conformes / (conformes + noConformes), 0-100; null when no client answered. */
  porcentajeConformidad: z.number().nullable(),
});

/**
 * The same figures in the scorecard per responsable: optional in the schema only so that older
 * answers still parse; the server always sends them.
 */
export const zCalidadCampos = zCalidad.partial();

/** POST /api/v2/estadisticas/responsables/desempeno {fechaDesde, fechaHasta}. */
export const zDesempenoQuery = zRangoEstadisticas;

export const zDesempenoResponsable = z.object({
  responsable: zPersona,
  /** Orders of this responsable finished in the range. */
  finalizadas: z.number().int(),
  /** Of those, the ones that had a due date, and the ones finished by it. */
  finalizadasConVencimiento: z.number().int(),
  finalizadasATiempo: z.number().int(),
  /** finalizadasATiempo / finalizadasConVencimiento, 0-100; null without a due date to compare. */
  porcentajeATiempo: z.number().nullable(),
  /** Median delay of the orders finished late, in days; null when none was late. */
  medianaDemoraDias: z.number().nullable(),
  /** Open orders of this responsable past their due date now (whatever the range): act on these. */
  vencidasAbiertas: z.number().int(),
  /** Open orders of this responsable now. */
  abiertas: z.number().int(),
  /** Hours this user logged on the range's days. */
  horas: z.number(),
  /** Average score (1-5) of the surveys answered in the range on their orders; null without any. */
  satisfaccion: z.number().nullable(),
  encuestasRespondidas: z.number().int(),
  ...zCalidadCampos.shape,
  /** The order list's filters for this responsable's late open orders. */
  filtroVencidas: zFiltroDetalle,
});
export type DesempenoResponsable = z.infer<typeof zDesempenoResponsable>;

export const zDesempeno = z.object({
  ...camposRangoAplicado,
  /** False until the surveys exist on this server: satisfaction is then always null. */
  satisfaccionDisponible: z.boolean(),
  /** Every active user who is or was responsable of an order, the worst on-time share first. */
  responsables: z.array(zDesempenoResponsable),
  /**
   * Open orders past due now with a responsable, each counted once: an order shared by two
   * people is in both their `vencidasAbiertas`, so the sum of those counts it twice.
   */
  vencidasAbiertas: z.number().int(),
});
export type Desempeno = z.infer<typeof zDesempeno>;

// ---------------------------------------------------------------------------------------------
// First-time fix and conformity per client (issue 31)

/** POST /api/v2/estadisticas/clientes/calidad {fechaDesde, fechaHasta}. */
export const zCalidadClientesQuery = zRangoEstadisticas;

export const zCalidadCliente = z.object({
  /** The order's client; null groups the orders without one. */
  cliente: zIdNombre.nullable(),
  /** Orders of this client finished in the range. */
  finalizadas: z.number().int(),
  ...zCalidad.shape,
});
export type CalidadCliente = z.infer<typeof zCalidadCliente>;

export const zCalidadClientes = z.object({
  ...camposRangoAplicado,
  /** Clients with orders finished in the range, the most finished first. */
  clientes: z.array(zCalidadCliente),
});
export type CalidadClientes = z.infer<typeof zCalidadClientes>;

// ---------------------------------------------------------------------------------------------
// Dashboard: GET /api/v2/dashboard and POST /api/v4/dashboard {filtros}

export const TARJETAS_DASHBOARD = [
  'abiertas',
  'vencidas',
  'vencenHoy',
  'vencenEstaSemana',
  'finalizadasEnPeriodo',
  'medianaResolucion',
  'porcentajeATiempo',
  'quotaUsada',
] as const;
export type ClaveTarjeta = (typeof TARJETAS_DASHBOARD)[number];

export const zTarjetaDashboard = z.object({
  clave: z.enum(TARJETAS_DASHBOARD),
  titulo: z.string(),
  /** Null when there is nothing to measure (no finished orders, unlimited quota). */
  valor: z.number().nullable(),
  unidad: z.enum(UNIDADES),
  /** The whole the value is part of: finished orders with a due date, the quota. */
  total: z.number().nullable(),
  /** The order list's filters of the orders behind the card; null when they cannot say it. */
  filtro: zFiltroDetalle.nullable(),
});
export type TarjetaDashboard = z.infer<typeof zTarjetaDashboard>;

export const zDashboard = z.object({
  /** The period of «finished in the period», resolution and on time: the filters' dates or this month. */
  ...camposRangoAplicado,
  /** When the figures were computed (overdue and due today depend on it). */
  ahora: zEpochMs,
  tarjetas: z.array(zTarjetaDashboard),
  graficos: z.array(zGrafico),
});
export type Dashboard = z.infer<typeof zDashboard>;

// ---------------------------------------------------------------------------------------------
// Service-level compliance (issue 34, docs/SLA.md «Informes»)

/** How compliance is grouped: by client, order type, responsable or month of creation. */
export const AGRUPAR_CUMPLIMIENTO = ['cliente', 'tipo', 'responsable', 'mes'] as const;
export type AgruparCumplimiento = (typeof AGRUPAR_CUMPLIMIENTO)[number];

/**
 * GET /api/v4/sla/cumplimiento?fechaDesde&fechaHasta&por&cliente: orders created in the range
 * (SPEC §9's range when missing) that have a service level, cancelled ones left out.
 */
const zFechaMsEnConsulta = z.coerce
  .number(MENSAJE_FECHA)
  .int(MENSAJE_FECHA)
  .min(0, MENSAJE_FECHA)
  .max(8_640_000_000_000, MENSAJE_FECHA)
  .optional();

export const zCumplimientoQuery = z
  .object({
    // A query string: the ms come as text.
    fechaDesde: zFechaMsEnConsulta,
    fechaHasta: zFechaMsEnConsulta,
    por: z
      .enum(AGRUPAR_CUMPLIMIENTO, { error: 'Elija cliente, tipo, responsable o mes.' })
      .optional()
      .default('cliente'),
    cliente: zId.optional(),
  })
  .superRefine(validarRango);
export type CumplimientoQuery = z.input<typeof zCumplimientoQuery>;

/** One target's outcome: met in time, broken (met late, or open past due), still running. */
export const zConteoPlazo = z.object({
  cumplidas: z.number().int(),
  incumplidas: z.number().int(),
  enCurso: z.number().int(),
});
export type ConteoPlazo = z.infer<typeof zConteoPlazo>;

export const zFilaCumplimiento = z.object({
  /** The client's, type's or responsable's id as text, or the month «AAAA-MM»; «0» for none. */
  clave: z.string(),
  nombre: z.string(),
  ordenes: z.number().int(),
  respuesta: zConteoPlazo,
  resolucion: zConteoPlazo,
});
export type FilaCumplimiento = z.infer<typeof zFilaCumplimiento>;

export const zCumplimiento = z.object({
  ...camposRangoAplicado,
  por: z.enum(AGRUPAR_CUMPLIMIENTO),
  filas: z.array(zFilaCumplimiento),
  /** Every order of the range once (an order with two responsables counts once here). */
  total: zFilaCumplimiento,
});
export type Cumplimiento = z.infer<typeof zCumplimiento>;

/** Share of the decided targets that were met (met ÷ (met + broken)), or null when none is decided yet. */
export function porcentajeCumplido(c: ConteoPlazo): number | null {
  const decididas = c.cumplidas + c.incumplidas;
  return decididas === 0 ? null : c.cumplidas / decididas;
}
