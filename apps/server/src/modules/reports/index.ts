import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoChecklists } from '../checklists/index.js';
import type { PuertoConformidad } from '../conformity/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoGastos } from '../expenses/index.js';
import type { PuertoArchivos } from '../files/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

/** The reports module offers nothing to other modules: only its routes. */
export type PuertoReportes = Record<never, never>;

export interface DepsReportes {
  /** The order's detail and history, and the export's pages of orders. */
  orders: Pick<PuertoOrdenes, 'detalle' | 'historial' | 'paginasParaExportar'>;
  /** The order's files and their thumbnails, for the PDF. */
  files: Pick<PuertoArchivos, 'paraImprimir'>;
  /** The order's hours and expenses, their totals per order, the hours reported. */
  expenses: Pick<PuertoGastos, 'registro' | 'totalesDeOrdenes' | 'rangoReporte' | 'horasReportadas' | 'detalleHoras'>;
  /** The company's name and logo on the PDF. */
  entidades: Pick<PuertoEntidades, 'find'>;
  /** The client's conformity and its signature's image (issue 31). */
  conformidad: Pick<PuertoConformidad, 'paraImprimir'>;
  /** The order's checklist and its signatures' images (issue 31). */
  checklists: Pick<PuertoChecklists, 'checklist' | 'firma'>;
}

/** The order's PDF report and the Excel exports (orders, hours reported), streamed while written. */
export function moduloReportes(n: Pick<Nucleo, 'clock'>, deps: DepsReportes): Modulo<PuertoReportes> {
  const reports = new ReportsService(
    deps.orders,
    deps.files,
    deps.expenses,
    deps.entidades,
    n.clock,
    deps.conformidad,
    deps.checklists,
  );
  return { nombre: 'reports', puerto: {}, rutas: reportsRoutes(reports) };
}

/** The date of an Excel cell, on the company's wall clock (every export writes its dates so); a text the PDF fonts can draw. */
export { fechaExcel, textoPdf } from './formato.js';

/** The PDF writer of the order's report (sections, fields, tables with page breaks), for other printed reports. */
export { COLOR as COLORES_PDF, Escritor as EscritorPdf, logoParaPdf, type Col as ColumnaPdf } from './pdf.js';
