import type { Archivo } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ordenesKeys } from '../../domain/orden';
import { archivosKeys } from './keys';

/**
 * The server answers every change to the files with the list as it is now: it replaces the cached
 * one. Adding or removing a file is an event in the order's history, which refetches.
 */
export function archivosCambiados(queryClient: QueryClient, ordenId: number, lista: Archivo[]): void {
  queryClient.setQueryData(archivosKeys.lista(ordenId), lista);
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
}
