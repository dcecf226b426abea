import { API_ARCHIVOS, type Archivo, type ArchivosCambios } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { archivosCambiados } from '../cache';
import { zListaArchivos } from './get-archivos';

export interface Quita {
  ordenId: number;
  archivoId: number;
}

/** POST /api/v2/archivos/{id}/add {archivos: [], archivosBorrados: [id]}: removes a file; returns the list. */
export function quitarArchivo({ ordenId, archivoId }: Quita): Promise<Archivo[]> {
  const cuerpo: ArchivosCambios = { archivos: [], archivosBorrados: [archivoId] };
  return http.post(API_ARCHIVOS.agregar(ordenId), cuerpo, { esquema: zListaArchivos });
}

export function useQuitarArchivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quitarArchivo,
    onSuccess: (lista, { ordenId }) => archivosCambiados(queryClient, ordenId, lista),
  });
}
