import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { ordenesKeys } from '../../../domain/orden';

/**
 * GET /api/v4/entidad/primeros-pasos: whether the company has a client, another user, an order.
 * Asked only when Inicio is empty without filters; always fresh (a client created a moment ago
 * ticks its step when the person comes back), and silent: if it fails, Inicio shows its plain
 * empty state.
 */
export const { useConsulta: usePrimerosPasos } = consultaDe(RUTAS.primerosPasos, ordenesKeys.primerosPasos(), {
  staleTime: 0,
  errorSilencioso: true,
});
