import { RUTAS, type InformeSlaQuery } from '@delego/contract';
import { llamarArchivo, type Descarga } from '../../../lib/http';

/** GET /api/v4/sla/informe/xlsx?cliente&mes: the monthly report as an Excel workbook (a Blob). */
export function descargarInformeXlsx(q: InformeSlaQuery): Promise<Descarga> {
  return llamarArchivo(RUTAS.informeSlaXlsx, { query: q });
}
