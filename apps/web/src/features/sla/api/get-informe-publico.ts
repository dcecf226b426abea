import { RUTAS } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/errors';
import { llamar } from '../../../lib/http';
import { slaKeys } from '../keys';

/** GET /api/v4/sla/informe-publico?k= (no login): a client's monthly report by its link. A 404 is not retried. */
export function useInformeSlaPublico(k: string | null) {
  return useQuery({
    queryKey: slaKeys.informePublico(k ?? ''),
    queryFn: ({ signal }) => llamar(RUTAS.informeSlaPublico, { query: { k: k ?? '' }, autenticada: false, signal }),
    enabled: Boolean(k),
    retry: (n, error) => n < 2 && !(error instanceof ApiError && error.status < 500),
    meta: { errorSilencioso: true },
  });
}
