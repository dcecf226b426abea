import { RUTAS, type Suscribir } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { planKeys } from '../../../domain/plans';

/** The call's body, and the logged-in user whose plan state (the menu's panel) takes the answer. */
export type VariablesSuscribir = Suscribir & { usuarioId: number };

/**
 * POST /api/v2/plan/suscribir. A rejected card is an answer too (estado 'rechazado'): the screen
 * shows every outcome, and errors on its own. The answer's plan goes to the menu's panel at once;
 * the catalogue (current, scheduled) and the payments are read again.
 */
export const { useMutacion: useSuscribir } = mutacionDe(
  RUTAS.planSuscribir,
  ({ usuarioId: _usuarioId, ...cuerpo }: VariablesSuscribir) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: async (queryClient, resultado, { usuarioId }) => {
      queryClient.setQueryData(planKeys.estado(usuarioId), resultado.plan);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: planKeys.catalogo() }),
        queryClient.invalidateQueries({ queryKey: planKeys.pagos() }),
      ]);
    },
  },
);
