import { API_ARCHIVOS } from '@delego/contract';
import { http, type Descarga } from '../../../lib/http';

export interface OpcionesReporte {
  /** The full history of the order. */
  eventos: boolean;
  /** The list of files, with the images printed. */
  archivos: boolean;
}

/** GET /api/v2/imprimirReporte/{id}?eventos&archivos: the order's PDF report (a Blob). */
export function getReporte(ordenId: number, opciones: OpcionesReporte): Promise<Descarga> {
  return http.archivo(API_ARCHIVOS.reporte(ordenId, opciones));
}
