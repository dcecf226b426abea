import { API_REGISTRO, zHorasReportadas, type HorasReportadas } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type Descarga } from '../../../lib/http';
import { msDeDia } from '../../expenses';
import { reportesKeys } from '../keys';

/** desde and hasta as the server takes them: ms inside each day (it reads their day in Argentina). */
function consulta(desde: string, hasta: string) {
  return { desde: msDeDia(desde), hasta: msDeDia(hasta) };
}

/** GET /api/v2/horas-reportadas?desde&hasta: hours per user and per client (admins and owners). */
export function getHorasReportadas(desde: string, hasta: string, signal?: AbortSignal): Promise<HorasReportadas> {
  return http.get(API_REGISTRO.horasReportadas, { query: consulta(desde, hasta), esquema: zHorasReportadas, signal });
}

export function useHorasReportadas(rango: { desde: string; hasta: string } | null) {
  return useQuery({
    queryKey: reportesKeys.horas(rango?.desde ?? '', rango?.hasta ?? ''),
    queryFn: ({ signal }) => getHorasReportadas(rango?.desde ?? '', rango?.hasta ?? '', signal),
    enabled: rango !== null,
    // A new range keeps showing the last numbers (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}

/** GET /api/v2/horas-reportadas/exportar?desde&hasta: the same report as .xlsx. */
export function exportarHorasReportadas(desde: string, hasta: string): Promise<Descarga> {
  return http.archivo(API_REGISTRO.horasReportadasExportar, { query: consulta(desde, hasta) });
}
