import { useResponsablesDisponibles } from '../../../domain/orden';

/**
 * GET /api/v2/usuarios/todos: the company's active users, for 'Horas de' when the reader may log
 * hours for others. The same query the orders feature makes for responsables.
 */
export function usePersonas(habilitada: boolean) {
  return useResponsablesDisponibles('todos', { habilitada });
}
