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
  }
  // Every other change is of one order, whose data it updates.
  const ordenId = cambio.ordenId;
  if (ordenId === null) return;
  switch (cambio.tipo) {
    case 'registro':
      queryClient.setQueryData(registroKeys.registro(ordenId), respuesta as RegistroOrden);
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
      return;
    case 'archivos':
      queryClient.setQueryData(archivosKeys.lista(ordenId), respuesta as Archivo[]);
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
      return;
    case 'checklist':
      itemGuardado(queryClient, ordenId, respuesta as ItemGuardado);
      return;
    case 'checklistFoto':
      itemGuardado(queryClient, ordenId, respuesta as ItemGuardado);
      void queryClient.invalidateQueries({ queryKey: archivosKeys.lista(ordenId) });
      return;
    case 'conformidadFirma':
      conformidadFirmada(queryClient, ordenId, respuesta as ConformidadOrden);
      return;
  }
}
