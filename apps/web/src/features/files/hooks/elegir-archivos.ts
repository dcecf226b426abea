import type { ChangeEvent } from 'react';
import { notificarError } from '../../../lib/errors';
import { tomarFoto } from '../../../lib/nativo/camara';

/**
 * The handlers of «Elegir archivos» (a file input) and «Tomar foto», handing what was chosen to
 * `agregar`: the files screen's queue and the new-order form's attachments.
 */
export function manejadoresDeEleccion(agregar: (archivos: File[]) => void) {
  return {
    alElegir(e: ChangeEvent<HTMLInputElement>) {
      const elegidos = [...(e.target.files ?? [])];
      // The same file can be chosen again later (after fixing it, or to retry).
      e.target.value = '';
      agregar(elegidos);
    },
    // Straight from the tap: a browser opens the camera only during the gesture.
    alTomarFoto() {
      tomarFoto()
        .then((foto) => {
          if (foto) agregar([foto]);
        })
        .catch(notificarError);
    },
  };
}
