import { RUTAS } from '@delego/contract';
import { llamarArchivo, type Descarga } from '../../../lib/http';

export interface OpcionesReporte {
  /** The full history of the order. */
  eventos: boolean;
  /** The list of files, with the images printed. */
  archivos: boolean;
}

/** GET /api/v2/imprimirReporte/{id}?eventos&archivos: the order's PDF report (a Blob). */
export function getReporte(ordenId: number, { eventos, archivos }: OpcionesReporte): Promise<Descarga> {
  // A flag is on when present: the ones that are off are left out.
  const query = { eventos: eventos || undefined, archivos: archivos || undefined };
  return llamarArchivo(RUTAS.reporte, { params: { id: ordenId }, query });
}
