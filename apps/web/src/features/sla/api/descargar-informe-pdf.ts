import { RUTAS, type InformeSlaQuery } from '@delego/contract';
import { llamarArchivo, type Descarga } from '../../../lib/http';

/** GET /api/v4/sla/informe/pdf?cliente&mes: the monthly report as a PDF (a Blob). */
export function descargarInformePdf(q: InformeSlaQuery): Promise<Descarga> {
  return llamarArchivo(RUTAS.informeSlaPdf, { query: q });
}
