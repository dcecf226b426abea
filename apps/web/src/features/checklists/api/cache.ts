import type { ChecklistOrden, ItemGuardado } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ordenesKeys } from '../../../domain/orden';
import { conItemGuardado } from '../model/checklist';
import { checklistKeys } from '../keys';

/**
 * What the server's answer to a write of one item changes: that item in the checklist (the later
 * answer wins, item by item), the order's history and the lists (their progress «7 de 10»).
 * The outbox applies its answers the same way.
 */
export function itemGuardado(queryClient: QueryClient, ordenId: number, g: ItemGuardado): void {
  queryClient.setQueryData<ChecklistOrden>(checklistKeys.orden(ordenId), (c) => (c ? conItemGuardado(c, g) : c));
  checklistCambiada(queryClient, ordenId);
}

/** The checklist changed on the server: what shows it around the order refetches. */
export function checklistCambiada(queryClient: QueryClient, ordenId: number): void {
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.listas() });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.detalle(ordenId) });
}

/** A whole checklist as the server answered it (an item added or removed, the template applied). */
export function checklistRecibida(queryClient: QueryClient, c: ChecklistOrden): void {
  queryClient.setQueryData(checklistKeys.orden(c.ordenId), c);
  checklistCambiada(queryClient, c.ordenId);
}
