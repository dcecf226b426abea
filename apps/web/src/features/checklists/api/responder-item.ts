import type { ChecklistOrden, ItemChecklist, ItemGuardado, ResponderItem } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../auth';
import { enviarOEncolar, type Resultado } from '../../../lib/outbox';
import { conRespuestaLocal } from '../model/checklist';
import { checklistKeys } from '../keys';
import { itemGuardado } from './cache';

export interface Responder {
  ordenId: number;
  numero: number;
  item: Pick<ItemChecklist, 'id' | 'etiqueta'>;
  respuesta: ResponderItem;
}

/** «Orden #12 · Checklist: Presión de la bomba»: how an answer reads in the outbox. */
export function descripcionRespuesta(numero: number, etiqueta: string): string {
  const corta = etiqueta.length > 60 ? `${etiqueta.slice(0, 57)}…` : etiqueta;
  return `Orden #${numero} · Checklist: ${corta}`;
}

/**
 * PUT /api/v2/checklist/orden/{id}/item/{itemId}: one item's answer, one tap. Through the outbox
 * (lib/outbox): with an Idempotency-Key, and without a connection it waits and the checklist shows
 * it at once.
 */
export function useResponderItem() {
  const queryClient = useQueryClient();
  const { usuario } = useSession();
  return useMutation({
    mutationFn: ({ ordenId, numero, item, respuesta }: Responder): Promise<Resultado<ItemGuardado>> =>
      enviarOEncolar<ItemGuardado>({
        tipo: 'checklist',
        ordenId,
        descripcion: descripcionRespuesta(numero, item.etiqueta),
        cuerpo: { itemId: item.id, respuesta },
      }),
    meta: { errorSilencioso: true },
    networkMode: 'always',
    onSuccess: (r, { ordenId, item, respuesta }) => {
      if (r.tipo === 'enviado') {
        itemGuardado(queryClient, ordenId, r.respuesta);
        return;
      }
      const por = { id: usuario?.id ?? 0, nombre: usuario ? `${usuario.nombre} ${usuario.apellido}`.trim() : '' };
      queryClient.setQueryData<ChecklistOrden>(checklistKeys.orden(ordenId), (c) =>
        c ? conRespuestaLocal(c, item.id, respuesta, por, Date.now()) : c,
      );
    },
  });
}
