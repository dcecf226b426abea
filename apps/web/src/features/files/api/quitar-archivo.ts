import { RUTAS, type ArchivosCambios } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { archivosCambiados } from '../cache';

export interface Quita {
  ordenId: number;
  archivoId: number;
}

/** POST /api/v2/archivos/{id}/add {archivos: [], archivosBorrados: [id]}: removes a file; answers the list. */
export const { useMutacion: useQuitarArchivo } = mutacionDe(
  RUTAS.agregarArchivos,
  ({ ordenId, archivoId }: Quita) => {
    const cuerpo: ArchivosCambios = { archivos: [], archivosBorrados: [archivoId] };
    return { params: { id: ordenId }, cuerpo };
  },
  { alResponder: (queryClient, lista, { ordenId }) => archivosCambiados(queryClient, ordenId, lista) },
);
