import { RUTAS, type Archivo } from '@delego/contract';
import { llamarFormulario } from '../../../lib/http';

export interface Subida {
  ordenId: number;
  archivo: File;
  /** 0 to 1, as the bytes go out. */
  alProgresar?: (fraccion: number) => void;
  signal?: AbortSignal;
  /** Idempotency-Key: the same upload sent again (after a cut) counts once. */
  idempotencia?: string;
}

/**
 * POST /api/v2/archivos/{id}/add as multipart/form-data: one `archivos` part. One file per call,
 * so each has its own progress and its own answer (one refused file does not stop the others).
 * Returns the order's files as they are now.
 */
export function subirArchivo({ ordenId, archivo, alProgresar, signal, idempotencia }: Subida): Promise<Archivo[]> {
  const formulario = new FormData();
  formulario.append('archivos', archivo, archivo.name);
  return llamarFormulario(RUTAS.agregarArchivos, formulario, {
    params: { id: ordenId },
    signal,
    ...(idempotencia ? { idempotencia } : {}),
    alProgresar: alProgresar && ((enviados, total) => alProgresar(total > 0 ? enviados / total : 0)),
  });
}
