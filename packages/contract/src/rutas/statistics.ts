import * as estadisticas from '../statistics.js';
import { zCuerpoFiltros } from '../orders.js';
import { rutaDeGrupo } from './definir.js';

const rutaDeEstadisticas = rutaDeGrupo({ tags: ['estadísticas'] });

/**
 * Statistics, delay reports, the scorecard per responsable and the dashboard (issue 14; SPEC §7
 * "Statistics and dashboard"). The statistics need verEstadisticas and cover the whole company; the
 * dashboard is every user's, over the orders the order list shows them. docs/ESTADISTICAS.md.
 */
export const RUTAS_ESTADISTICAS = {
  estadistica: rutaDeEstadisticas({
    metodo: 'POST',
    path: '/api/v2/estadisticas/:grafico',
    summary: 'Un gráfico de la lista cerrada sobre un rango de días de Argentina (requiere verEstadisticas)',
    description:
      'Sin fechaDesde/fechaHasta, el rango de SPEC §9 (2019-06-01 a 2019-10-30). Rango inclusivo, de a días ' +
      'completos en America/Argentina/Buenos_Aires, de hasta 5 años. Cada gráfico está en docs/ESTADISTICAS.md.',
    params: estadisticas.zParamsGrafico,
    body: estadisticas.zRangoEstadisticas,
    response: { 200: estadisticas.zGrafico },
  }),
  desempenoResponsables: rutaDeEstadisticas({
    metodo: 'POST',
    path: '/api/v2/estadisticas/responsables/desempeno',
    summary:
      'Desempeño por responsable: finalizadas, a tiempo, mediana de demora, vencidas abiertas, horas, satisfacción, arreglo a la primera y conformidad (requiere verEstadisticas)',
    body: estadisticas.zDesempenoQuery,
    response: { 200: estadisticas.zDesempeno },
  }),
  calidadClientes: rutaDeEstadisticas({
    metodo: 'POST',
    path: '/api/v2/estadisticas/clientes/calidad',
    summary:
      'Por cliente, sobre las órdenes finalizadas en el rango: arreglo a la primera (sin orden de seguimiento) y conformidad del cliente (requiere verEstadisticas)',
    body: estadisticas.zCalidadClientesQuery,
    response: { 200: estadisticas.zCalidadClientes },
  }),
  demorasOrdenes: rutaDeEstadisticas({
    metodo: 'POST',
    path: '/api/v2/estadisticas/demora/ordenes',
    summary:
      'Órdenes que vencen en el rango con su demora, la mayor primero; con tipo, solo las de ese tipo (requiere verEstadisticas)',
    body: estadisticas.zDemorasOrdenesQuery,
    response: { 200: estadisticas.zDemorasOrdenes },
  }),
  accesoExportDemora: rutaDeEstadisticas({
    metodo: 'POST',
    path: '/api/v2/estadisticas/demora/export/acceso',
    summary:
      'Token access de un solo uso (2 minutos) y la URL para descargar el Excel de demoras desde el navegador (requiere verEstadisticas)',
    body: estadisticas.zAccesoExportQuery,
    response: { 200: estadisticas.zAccesoExport },
  }),
  exportDemora: rutaDeEstadisticas({
    metodo: 'GET',
    path: '/api/v2/estadisticas/demora/export',
    summary:
      'Excel (.xlsx) de demoras, en streaming. Sin Authorization: lo autoriza access (firmado, 2 minutos, un solo uso); 404/410 si no sirve',
    querystring: estadisticas.zExportDemoraQuery,
    forma: 'archivo',
    publica: true,
  }),
  dashboard: rutaDeEstadisticas({
    metodo: 'GET',
    path: '/api/v2/dashboard',
    summary: 'Tablero: tarjetas y gráficos del mes en curso sobre las órdenes que el usuario ve',
    response: { 200: estadisticas.zDashboard },
  }),
  dashboardFiltrado: rutaDeEstadisticas({
    metodo: 'POST',
    path: '/api/v4/dashboard',
    summary:
      'Tablero con los filtros de la lista de órdenes; fechaDesde/fechaHasta marcan el período (por defecto, el mes en curso)',
    body: zCuerpoFiltros,
    response: { 200: estadisticas.zDashboard },
  }),
} as const;
