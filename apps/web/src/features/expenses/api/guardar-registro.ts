import { RUTAS, type RegistroCambios } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenesKeys } from '../../orders';
import { registroKeys } from '../keys';

export interface CambiosRegistro {
  ordenId: number;
  cambios: RegistroCambios;
}

/**
 * PUT /api/v2/registro-gastos/{id} {horas, gastos, borrados}: entries without id are new, with id
 * they correct one; borrados removes. Answers with the order's log as it is now. The forms show a
 * refusal on their fields; a removal's goes to the alert (see the screen).
 */
export const { useMutacion: useGuardarRegistro } = mutacionDe(
  RUTAS.guardarRegistro,
  ({ ordenId, cambios }: CambiosRegistro) => ({ params: { id: ordenId }, cuerpo: cambios }),
  {
    errorSilencioso: true,
    alResponder: (queryClient, registro, { ordenId }) => {
      queryClient.setQueryData(registroKeys.registro(ordenId), registro);
      // Every change is an event in the order's history.
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
    },
  },
);
