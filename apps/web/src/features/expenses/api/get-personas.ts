import { API_ORDENES, zResponsableDisponible } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../../orders';

const zLista = zResponsableDisponible.array();

/**
 * GET /api/v2/usuarios/todos: the company's active users, for 'Horas de' when the reader may log
 * hours for others. The same list (and key) the orders feature uses for responsables.
 */
export function usePersonas(habilitada: boolean) {
  return useQuery({
    queryKey: ordenesKeys.responsablesDisponibles('todos'),
    queryFn: ({ signal }) => http.get(API_ORDENES.responsablesDisponibles('todos'), { esquema: zLista, signal }),
    enabled: habilitada,
    staleTime: 5 * 60_000,
  });
}
