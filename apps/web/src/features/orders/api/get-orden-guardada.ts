import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { ordenesKeys } from '../../../domain/orden';

/**
 * GET /api/v2/orden/{id}: the order as saved, references as ids (the edit form starts from it, so
 * from what is saved now: never fresh from the cache).
 */
export const { useConsulta: useOrdenGuardada, opciones: opcionesOrdenGuardada } = consultaPorId(
  RUTAS.ordenGuardada,
  ordenesKeys.guardada,
  {
    errorSilencioso: true,
    staleTime: 0,
  },
);
