import {
  ESTADO,
  ESTADOS,
  TITULOS_GRAFICO,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  estadoVisible,
  finDelDia,
  inicioDelDia,
  sumarDias,
  type CategoriaGrafico,
  type DemoraOrden,
  type FiltroDetalle,
  type Grafico,
  type Indicador,
  type NombreGrafico,
  type RangoDias,
  type ResumenDemora,
  type SerieGrafico,
  type SituacionDemora,
} from '@delego/contract';
import type { Agrupacion, FilaDemoraGrupo, FilaDemoraOrden, FilaGrupo, ResumenDemoraFila } from './statistics.sql.js';

/**
 * Chart shaping (docs/ESTADISTICAS.md): the buckets of a series over dates, and the categories,
 * series and figures of each chart from the rows the queries give. Pure: no database, no clock.
 */

export const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
export const DIA_S = 86_400;
/** Categories a chart by client, type, area or responsable shows; the rest are added up in «Otros». */
export const MAXIMO_CATEGORIAS = 15;
/** Orders the chart «Órdenes con más demora» shows. */
export const MAXIMO_ORDENES_DEMORA = 20;
/** Limits (days) of the resolution time buckets. */
export const CORTES_RESOLUCION_DIAS = [1, 3, 7, 14, 30] as const;
const NOMBRES_RESOLUCION = [
  'Menos de 1 día',
  '1 a 3 días',
  '3 a 7 días',
  '7 a 14 días',
  '14 a 30 días',
  'Más de 30 días',
] as const;
const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;

/** Two decimals. */
export const r2 = (n: number): number => Math.round(n * 100) / 100;
export const dias = (seg: number | null): number | null => (seg == null ? null : r2(seg / DIA_S));
export const pct = (parte: number, total: number): number | null => (total > 0 ? r2((parte * 100) / total) : null);
export const nombrePersona = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();

/** 'dd/MM/yyyy' of a 'YYYY-MM-DD'. */
const textoDia = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------
// Buckets of dates

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

export type Unidad = 'week' | 'month' | 'day';

/** The first day of every bucket (day, Monday, 1st of the month) that touches the range. */
export function clavesDe(rango: RangoDias, unidad: Unidad): string[] {
  const claves: string[] = [];
  let d = unidad === 'week' ? lunesDe(rango.desde) : unidad === 'month' ? `${rango.desde.slice(0, 8)}01` : rango.desde;
  while (d <= rango.hasta) {
    claves.push(d);
    d = unidad === 'week' ? sumarDias(d, 7) : unidad === 'month' ? mesSiguiente(d) : sumarDias(d, 1);
  }
  return claves;
}

export const NOMBRE_UNIDAD: Record<Unidad, string> = { day: 'día', week: 'semana', month: 'mes' };

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
export function cortesDe(rango: RangoDias, claves: readonly string[]): number[] {
  return claves.map((c) => inicioDelDia(c < rango.desde ? rango.desde : c, ZONA));
}

// ---------------------------------------------------------------------------------------------
// Charts

/** An empty chart of the range: title, kind and dates. */
export function graficoVacio(nombre: NombreGrafico, tipo: Grafico['tipo'], rango: RangoDias): Grafico {
  return {
    grafico: nombre,
    titulo: TITULOS_GRAFICO[nombre],
    tipo,
    fechaDesde: rango.desdeMs,
    fechaHasta: rango.hastaMs,
    categorias: [],
    series: [],
    resumen: [],
    aviso: null,
  };
}

/** A count per state, type, area, client or responsable, with «Otros» past the first 15. */
export function porGrupo(g: Grafico, rango: RangoDias, por: Agrupacion, filas: FilaGrupo[]): Grafico {
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

/** Created and finished per day, week or month: every bucket of the range, empty ones as 0. */
export function serieTemporal(
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
    // A week the range cuts is named by its first day in the range: its Monday may lie outside it
    // (October 2026's first week was «28/09/2026» and counted only 1 to 4 October).
    const nombre = unidad === 'month' ? `${MESES[Number(c.slice(5, 7)) - 1]} ${c.slice(0, 4)}` : textoDia(desde);
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

/** Resolution times in buckets of 1, 3, 7, 14 and 30 days, with the median and the average. */
export function graficoResolucion(
  g: Grafico,
  t: { cubetas: number[]; mediana: number | null; promedio: number | null; total: number },
): Grafico {
  return {
    ...g,
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

export function indicadoresDemora(r: ResumenDemoraFila): Indicador[] {
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

/** The latest orders, one bar each with its delay in days. */
export function graficoDemoraPorOrden(g: Grafico, filas: FilaDemoraOrden[], resumen: ResumenDemoraFila): Grafico {
  return {
    ...g,
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
    resumen: indicadoresDemora(resumen),
  };
}

/** The average delay per type or responsable. */
export function graficoDemoraPor(
  g: Grafico,
  por: 'tipo' | 'responsable',
  filas: FilaDemoraGrupo[],
  resumen: ResumenDemoraFila,
): Grafico {
  const sinNombre = por === 'tipo' ? 'Sin tipo' : 'Sin responsable';
  return {
    ...g,
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
    resumen: indicadoresDemora(resumen),
  };
}

/** Answered surveys per score, with the average. */
export function graficoSatisfaccion(g: Grafico, filas: { puntaje: number; n: number }[]): Grafico {
  const n = (p: number) => filas.find((f) => f.puntaje === p)?.n ?? 0;
  const total = filas.reduce((a, f) => a + f.n, 0);
  const suma = filas.reduce((a, f) => a + f.n * f.puntaje, 0);
  return {
    ...g,
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

// ---------------------------------------------------------------------------------------------
// Delay rows

/** The situation of an order of the delay set, by its state and delay. */
function situacion(f: Pick<FilaDemoraOrden, 'estadoId' | 'demoraSeg'>): SituacionDemora {
  if (f.estadoId === ESTADO.FINALIZADA) return f.demoraSeg > 0 ? 'finalizadaConDemora' : 'finalizadaATiempo';
  return f.demoraSeg > 0 ? 'vencida' : 'enPlazo';
}

export function demoraOrden(f: FilaDemoraOrden): DemoraOrden {
  return {
    id: f.id,
    numero: f.numero,
    titulo: f.titulo,
    estado: estadoVisible(f.estadoId),
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

export function resumenDemora(r: ResumenDemoraFila): ResumenDemora {
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
