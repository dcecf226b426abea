import type {
  AgruparCumplimiento,
  DemorasOrdenesQuery,
  Filtros,
  NombreGrafico,
  RangoEstadisticas,
} from '@delego/contract';

/** Query keys of the statistics feature (issue 14): everything under one prefix, so an order change refreshes it all. */
export const estadisticasKeys = {
  all: ['estadisticas'] as const,
  grafico: (grafico: NombreGrafico, rango: RangoEstadisticas) =>
    [...estadisticasKeys.all, 'grafico', grafico, rango] as const,
  desempeno: (rango: RangoEstadisticas) => [...estadisticasKeys.all, 'desempeno', rango] as const,
  /** First-time fix and conformity per client (issue 31). */
  calidadClientes: (rango: RangoEstadisticas) => [...estadisticasKeys.all, 'calidad-clientes', rango] as const,
  /** Service-level compliance (issue 34), grouped by client, type, responsable or month. */
  cumplimientoSla: (rango: RangoEstadisticas, por: AgruparCumplimiento) =>
    [...estadisticasKeys.all, 'cumplimiento-sla', rango, por] as const,
  demoras: (consulta: Omit<DemorasOrdenesQuery, 'pagina'>) => [...estadisticasKeys.all, 'demoras', consulta] as const,
  /** The dashboard: without filters (GET) or with the order list's filters (POST). */
  dashboard: (filtros: Filtros | null) => [...estadisticasKeys.all, 'dashboard', filtros] as const,
  /** The orders behind a figure (detalle-grafico-ordenes), with the order list's filters. */
  ordenes: (filtros: Omit<Filtros, 'pagina'>) => [...estadisticasKeys.all, 'ordenes', filtros] as const,
};
