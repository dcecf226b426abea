import { RUTAS, type Filtros } from '@delego/contract';
import { llamarArchivo, type Descarga } from '../../../lib/http';

/** The filters of the order list, with or without its paging (the export has none). */
export type FiltrosExportacion = Omit<Filtros, 'pagina' | 'porPagina'> & Partial<Pick<Filtros, 'pagina' | 'porPagina'>>;

/**
 * POST /api/v2/ordenes/exportar {filtros}: an .xlsx of every order the same filters select (the
 * body is the filters, as for the list). Paging is left out: the export has every row.
 */
export function exportarOrdenes(filtros: FiltrosExportacion): Promise<Descarga> {
  const { pagina: _pagina, porPagina: _porPagina, ...cuerpo } = filtros;
  return llamarArchivo(RUTAS.exportarOrdenes, { cuerpo });
}
