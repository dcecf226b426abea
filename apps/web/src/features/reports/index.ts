/**
 * The reports feature's public face (issue 5): the Excel export of the order list and the links to
 * an order's paperwork (files, hours and expenses, printed report) for its detail.
 */
export { ExportarOrdenesBoton, useExportarOrdenes } from './components/exportar-ordenes-boton';
export { PapeleoDeOrden } from './components/papeleo-de-orden';
export type { FiltrosExportacion } from './api/exportar-ordenes';
