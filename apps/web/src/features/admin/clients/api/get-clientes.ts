import { API_ADMIN, zCliente, type Cliente } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

const zLista = zCliente.array();

/** GET /api/v4/clientes: the company's clients, active and not. */
export function getClientes(signal?: AbortSignal): Promise<Cliente[]> {
  return http.get(API_ADMIN.clientes, { esquema: zLista, signal });
}

export function clientesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.clientes(),
    queryFn: ({ signal }) => getClientes(signal),
  });
}

export function useClientes() {
  return useQuery(clientesQueryOptions());
}
