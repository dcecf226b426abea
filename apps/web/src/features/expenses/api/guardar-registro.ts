import { API_REGISTRO, zRegistroOrden, type RegistroCambios, type RegistroOrden } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../../orders';
import { registroKeys } from '../keys';

export interface CambiosRegistro {
  ordenId: number;
  cambios: RegistroCambios;
}

/**
 * PUT /api/v2/registro-gastos/{id} {horas, gastos, borrados}: entries without id are new, with id
 * they correct one; borrados removes. Answers with the order's log as it is now.
 */
export function guardarRegistro({ ordenId, cambios }: CambiosRegistro): Promise<RegistroOrden> {
  return http.put(API_REGISTRO.registro(ordenId), cambios, { esquema: zRegistroOrden });
}

/** The forms show a refusal on their fields; a removal's goes to the alert (see the screen). */
export function useGuardarRegistro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarRegistro,
    meta: { errorSilencioso: true },
    onSuccess: (registro, { ordenId }) => {
      queryClient.setQueryData(registroKeys.registro(ordenId), registro);
      // Every change is an event in the order's history.
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
    },
  });
}
