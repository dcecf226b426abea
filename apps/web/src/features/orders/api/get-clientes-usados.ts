import { API_ORDENES, zClienteUsado } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../keys';

const zLista = zClienteUsado.array();
export type ClienteUsado = ReturnType<typeof zClienteUsado.parse>;

/** GET /api/v3/test/clientes-usados: the clients that have orders this user can see (the filter). */
export function getClientesUsados(signal?: AbortSignal): Promise<ClienteUsado[]> {
  return http.get(API_ORDENES.clientesUsados, { esquema: zLista, signal });
}

export function clientesUsadosQueryOptions() {
  return queryOptions({
    queryKey: ordenesKeys.catalogo('clientes-usados'),
    queryFn: ({ signal }) => getClientesUsados(signal),
    staleTime: 5 * 60_000,
  });
}

export function useClientesUsados({ habilitada = true } = {}) {
  return useQuery({ ...clientesUsadosQueryOptions(), enabled: habilitada });
}
