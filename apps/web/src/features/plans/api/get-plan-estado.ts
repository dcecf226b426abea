import { puedeCrearOrden, RUTAS, type PlanEstado, type UsuarioLogueado } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { planKeys } from '../../../domain/plans';

/** GET /api/v2/plan/estado; null until a plan is known (the login may bring none). */
export function planEstadoQueryOptions(usuarioId: number) {
  return queryOptions<PlanEstado | null>({
    queryKey: planKeys.estado(usuarioId),
    queryFn: ({ signal }) => llamar(RUTAS.planEstado, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The company's plan for the logged-in user. Only users who can create orders follow the plan
 * (SPEC §6); until the server answers, the plan that came with the login is shown.
 */
export function usePlanEstado(usuario: UsuarioLogueado | null) {
  const habilitada = !!usuario && puedeCrearOrden(usuario);
  return useQuery({
    ...planEstadoQueryOptions(usuario?.id ?? 0),
    enabled: habilitada,
    placeholderData: usuario?.plan ?? undefined,
  });
}
