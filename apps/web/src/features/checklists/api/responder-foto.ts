import type { ItemChecklist, ItemGuardado, ResponderItem } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enviarOEncolar, type Resultado } from '../../../lib/outbox';
import { archivosKeys } from '../../files';
import { itemGuardado } from './cache';
import { descripcionRespuesta } from './responder-item';

export interface ResponderFoto {
  ordenId: number;
  numero: number;
  item: Pick<ItemChecklist, 'id' | 'etiqueta' | 'respuesta'>;
  fotos: File[];
  /** On an item that is not a photo item: its answer, which the photos go with as evidence. */
  respuesta?: ResponderItem;
}

/**
 * A photo item's answer: the photos go up with the order's files and the answer names them, both
 * in one change of the outbox (lib/outbox/enviar.ts, `checklistFoto`), so offline the photos wait
 * in the queue with it and go out, once, when the connection is back.
 */
export function useResponderFoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ordenId, numero, item, fotos, respuesta }: ResponderFoto): Promise<Resultado<ItemGuardado>> =>
      enviarOEncolar<ItemGuardado>({
        tipo: 'checklistFoto',
        ordenId,
        descripcion: `${descripcionRespuesta(numero, item.etiqueta)} (${fotos.length === 1 ? '1 foto' : `${fotos.length} fotos`})`,
        cuerpo: {
          itemId: item.id,
          previas: item.respuesta?.fotos.map((f) => f.id) ?? [],
          ...(respuesta ? { respuesta } : {}),
        },
        archivos: fotos.map((f) => ({ nombre: f.name, tipo: f.type, datos: f })),
      }),
    meta: { errorSilencioso: true },
    networkMode: 'always',
    onSuccess: (r, { ordenId }) => {
      if (r.tipo === 'enviado') {
        itemGuardado(queryClient, ordenId, r.respuesta);
        void queryClient.invalidateQueries({ queryKey: archivosKeys.lista(ordenId) });
      }
    },
  });
}
