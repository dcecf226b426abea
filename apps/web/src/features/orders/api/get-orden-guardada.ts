import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { llamar } from '../../../lib/http';
import { ordenesKeys } from '../../../domain/orden';

/**
 * GET /api/v2/orden/{id}: the order as saved, references as ids (the edit form starts from it, so
 * from what is saved now: never fresh from the cache).
 */
export const { useConsulta: useOrdenGuardada } = consultaPorId(RUTAS.ordenGuardada, ordenesKeys.guardada, {
  errorSilencioso: true,
  staleTime: 0,
});

/** The order as saved now, asked once outside the cache (the edit's save reads it again). */
export function leerOrdenGuardada(id: number) {
  return llamar(RUTAS.ordenGuardada, { params: { id } });
}
