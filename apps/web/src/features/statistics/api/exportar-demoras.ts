import { RUTAS, type AccesoExport, type AccesoExportQuery } from '@delego/contract';
import { llamar } from '../../../lib/http';

/**
 * POST /api/v2/estadisticas/demora/export/acceso: a short-lived, single-use `access` token and the
 * URL of GET /api/v2/estadisticas/demora/export?fechaDesde&fechaHasta&access, which the browser
 * opens itself (the file streams to disk; the credentials never go in a URL).
 */
export function pedirAccesoExport(consulta: AccesoExportQuery): Promise<AccesoExport> {
  return llamar(RUTAS.accesoExportDemora, { cuerpo: consulta });
}

/** Opens the export's URL as a download (same origin: the browser saves the streamed .xlsx). */
export function abrirDescarga(url: string): void {
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.rel = 'noopener';
  enlace.download = '';
  document.body.appendChild(enlace);
  enlace.click();
  enlace.remove();
}

/** Asks for the token and opens the download. */
export async function exportarDemoras(consulta: AccesoExportQuery): Promise<void> {
  const { url } = await pedirAccesoExport(consulta);
  // Only a path of this server: never a URL that would take the token elsewhere.
  if (!url.startsWith('/api/')) throw new Error('La dirección de la exportación no es válida.');
  abrirDescarga(url);
}
