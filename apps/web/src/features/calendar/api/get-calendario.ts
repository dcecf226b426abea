import { RUTAS, type CalendarioQuery } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { calendarioKeys } from '../keys';

/** GET /api/v4/calendario: the orders due and the occurrences scheduled in the range, with the filters. */
export function useCalendario(consulta: CalendarioQuery) {
  return useQuery({
    queryKey: calendarioKeys.rango(consulta),
    queryFn: ({ signal }) => llamar(RUTAS.calendario, { query: consulta, signal }),
    // Another month keeps showing the last one (dimmed) until its own arrives.
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
