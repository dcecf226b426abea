import type { Archivo, ConformidadOrden, ItemGuardado, OrdenDetalle, RegistroOrden } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { Cambio } from '../../lib/outbox';
import { registroKeys } from '../expenses';
import { archivosKeys } from '../files';
import { itemGuardado } from '../checklists';
import { conformidadFirmada } from '../conformity';
import { ordenCambiada, ordenCreada, ordenesKeys } from '../../domain/orden';

/** What a change of the outbox, once the server took it, updates in the app (its answer, like the screens do). */
export function aplicarRespuesta(queryClient: QueryClient, cambio: Cambio, respuesta: unknown): void {
  switch (cambio.tipo) {
    case 'estado':
      ordenCambiada(queryClient, respuesta as OrdenDetalle);
      return;
    case 'orden':
      ordenCreada(queryClient, respuesta as OrdenDetalle);
      return;
    case 'registro':
      if (cambio.ordenId === null) return;
      queryClient.setQueryData(registroKeys.registro(cambio.ordenId), respuesta as RegistroOrden);
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(cambio.ordenId) });
      return;
    case 'archivos':
      if (cambio.ordenId === null) return;
      queryClient.setQueryData(archivosKeys.lista(cambio.ordenId), respuesta as Archivo[]);
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(cambio.ordenId) });
      return;
    case 'checklist':
      if (cambio.ordenId === null) return;
      itemGuardado(queryClient, cambio.ordenId, respuesta as ItemGuardado);
      return;
    case 'checklistFoto':
      if (cambio.ordenId === null) return;
      itemGuardado(queryClient, cambio.ordenId, respuesta as ItemGuardado);
      void queryClient.invalidateQueries({ queryKey: archivosKeys.lista(cambio.ordenId) });
      return;
    case 'conformidadFirma':
      if (cambio.ordenId === null) return;
      conformidadFirmada(queryClient, cambio.ordenId, respuesta as ConformidadOrden);
      return;
  }
}
