import { mediodiaDelDia, RUTAS, type HorasReportadas } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar, llamarArchivo, type Descarga } from '../../../lib/http';
import { useZonaEmpresa } from '../../../lib/fechas';
import { reportesKeys } from '../keys';

/** desde and hasta as the server takes them: the noon of each day of the company (it reads their day). */
function consulta(desde: string, hasta: string, zona: string) {
  return { desde: mediodiaDelDia(desde, zona), hasta: mediodiaDelDia(hasta, zona) };
}

/** GET /api/v2/horas-reportadas?desde&hasta: hours per user and per client (admins and owners). */
export function getHorasReportadas(
  desde: string,
  hasta: string,
  zona: string,
  signal?: AbortSignal,
): Promise<HorasReportadas> {
  return llamar(RUTAS.horasReportadas, { query: consulta(desde, hasta, zona), signal });
}

export function useHorasReportadas(rango: { desde: string; hasta: string } | null) {
  const zona = useZonaEmpresa();
  return useQuery({
    queryKey: reportesKeys.horas(rango?.desde ?? '', rango?.hasta ?? ''),
    queryFn: ({ signal }) => getHorasReportadas(rango?.desde ?? '', rango?.hasta ?? '', zona, signal),
    enabled: rango !== null,
    // A new range keeps showing the last numbers (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}

/** GET /api/v2/horas-reportadas/exportar?desde&hasta: the same report as .xlsx. */
export function exportarHorasReportadas(desde: string, hasta: string, zona: string): Promise<Descarga> {
  return llamarArchivo(RUTAS.exportarHorasReportadas, { query: consulta(desde, hasta, zona) });
}
