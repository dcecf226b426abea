import type { OrdenDetalle, RegistroCambios, RegistroOrden } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enviarOEncolar, type Resultado } from '../../../lib/outbox';
import { ordenesKeys } from '../../../domain/orden';
import { registroKeys } from '../keys';

export interface CambiosRegistro {
  ordenId: number;
  cambios: RegistroCambios;
}

/** How a change of the log reads in the outbox: "Orden #12 · Registrar 2 h 30 min". */
export function descripcionRegistro(numero: number | undefined, cambios: RegistroCambios): string {
  const partes: string[] = [];
  for (const h of cambios.horas ?? []) {
    const texto = `${Number(h.horas) || 0} h${Number(h.minutos) ? ` ${Number(h.minutos)} min` : ''}`;
    partes.push(h.id ? `Corregir horas (${texto})` : `Registrar ${texto}`);
  }
  for (const g of cambios.gastos ?? [])
    partes.push(`${g.id ? 'Corregir gasto' : 'Gasto'}: ${String(g.concepto ?? '')}`);
  const borrados = (cambios.borrados?.horas?.length ?? 0) + (cambios.borrados?.gastos?.length ?? 0);
  if (borrados) partes.push(borrados === 1 ? 'Eliminar una entrada' : `Eliminar ${borrados} entradas`);
  return `Orden #${numero ?? '?'} · ${partes.join(', ') || 'Horas y gastos'}`;
}

/**
 * PUT /api/v2/registro-gastos/{id} {horas, gastos, borrados}: entries without id are new, with id
 * they correct one; borrados removes. Answers with the order's log as it is now. The forms show a
 * refusal on their fields; a removal's goes to the alert (see the screen). Without a connection
 * the change waits in the outbox (lib/outbox): the answer says `encolado`.
 */
export function useGuardarRegistro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ordenId, cambios }: CambiosRegistro): Promise<Resultado<RegistroOrden>> =>
      enviarOEncolar<RegistroOrden>({
        tipo: 'registro',
        ordenId,
        descripcion: descripcionRegistro(
          queryClient.getQueryData<OrdenDetalle>(ordenesKeys.detalle(ordenId))?.numero,
          cambios,
        ),
        cuerpo: cambios,
      }),
    meta: { errorSilencioso: true },
    // Offline it still runs: the change goes to the outbox (TanStack would pause it).
    networkMode: 'always',
    onSuccess: (r, { ordenId }) => {
      if (r.tipo !== 'enviado') return;
      queryClient.setQueryData(registroKeys.registro(ordenId), r.respuesta);
      // Every change is an event in the order's history.
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
    },
  });
}
