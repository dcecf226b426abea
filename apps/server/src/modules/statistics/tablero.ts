import {
  ESTADO,
  ESTADOS_ABIERTOS,
  estadoInfo,
  inicioDelDia,
  sumarDias,
  type CategoriaGrafico,
  type Dashboard,
  type FiltroDetalle,
  type Grafico,
  type PlanEstado,
  type RangoDias,
  type TarjetaDashboard,
  type zFiltros,
} from '@delego/contract';
import type { z } from 'zod';
import { NOMBRE_UNIDAD, ZONA, pct, r2, serieTemporal, type Unidad } from './graficos.js';
import type { CreadasYFinalizadas, FilaTablero, Rango } from './statistics.sql.js';

export type Filtros = z.output<typeof zFiltros>;

/** The actor's own filters, as the order list takes them (dates, paging and order aside). */
export function filtroBase(f: Filtros): FiltroDetalle {
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

/** What the dashboard is drawn from: the figures the queries gave and the dates they were taken over. */
export interface DatosTablero {
  ahora: number;
  /** Today (a day of the companies' zone) and its instants. */
  hoy: string;
  rHoy: Rango;
  /** The last ms of this week's Sunday. */
  finSemana: number;
  /** The period of «finished», resolution and on time. */
  periodo: RangoDias;
  /** The period of the chart over time (up to today), its buckets and their first days. */
  periodoSerie: RangoDias;
  unidadSerie: Unidad;
  claves: string[];
  /** The actor's filters, dates aside. */
  filtros: Filtros;
  t: FilaTablero;
  serie: CreadasYFinalizadas;
  plan: Pick<PlanEstado, 'quota' | 'quotaDisponible'> | null;
}

/**
 * The dashboard's cards and charts; each card and category carries the filter of the order list
 * that shows its orders (the actor's filters plus its own).
 */
export function armarTablero(d: DatosTablero): Dashboard {
  const { t, periodo, rHoy, finSemana, plan } = d;
  const base = filtroBase(d.filtros);
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
      titulo: 'Cupo usado',
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
  const manana = inicioDelDia(sumarDias(d.hoy, 1), ZONA);
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
  const diario = serieTemporal(
    grafico({
      grafico: 'creadas-vs-finalizadas',
      titulo: `Creadas y finalizadas por ${NOMBRE_UNIDAD[d.unidadSerie]}`,
      tipo: 'lineas',
      categorias: [],
      series: [],
    }),
    d.periodoSerie,
    d.unidadSerie,
    d.claves,
    d.serie,
  );
  // The day buckets' filters add the actor's filters to the day.
  diario.categorias = diario.categorias.map((c) => ({ ...c, filtro: c.filtro && { ...base, ...c.filtro } }));
  diario.resumen = [];
  return {
    fechaDesde: periodo.desdeMs,
    fechaHasta: periodo.hastaMs,
    ahora: d.ahora,
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
