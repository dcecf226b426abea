import { REFRESCO_RESUMEN_PUBLICO_MS, RUTAS } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/errors';
import { llamar } from '../../../lib/http';
import { clientePublicoKeys } from '../keys';

/**
 * GET /api/v2/ordersummary?k= (no login): the public summary. The page has no live socket: it asks
 * again every 30 s while it is visible (TanStack Query pauses in a hidden tab) and when it regains
 * focus, so a state change shows within half a minute. A 404 (unknown or revoked link) is not retried.
 */
export function useResumenPublico(k: string | null) {
  return useQuery({
    queryKey: clientePublicoKeys.resumen(k ?? ''),
    queryFn: ({ signal }) => llamar(RUTAS.resumenPublico, { query: { k: k ?? '' }, autenticada: false, signal }),
    enabled: Boolean(k),
    refetchInterval: REFRESCO_RESUMEN_PUBLICO_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: (n, error) => n < 2 && !(error instanceof ApiError && error.status < 500),
    meta: { errorSilencioso: true },
  });
}
