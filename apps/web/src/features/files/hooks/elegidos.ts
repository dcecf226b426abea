import { problemaAntesDeComprimir } from '../model/archivos';

/** A file just chosen, with its row's key and what is wrong with it, if anything. */
export interface Elegido {
  clave: number;
  archivo: File;
  problema: string | null;
}

let siguienteClave = 1;

/**
 * The files just chosen (to upload, or to attach to a new order), each with a key of its own for
 * its row and the check made on choosing: a photo over the limit may fit once smaller, so its size
 * is checked again on what will go (`problemaAntesDeComprimir`).
 */
export function revisarElegidos(archivos: readonly File[], limiteBytes: number): Elegido[] {
  return archivos.map((archivo) => ({
    clave: siguienteClave++,
    archivo,
    problema: problemaAntesDeComprimir(archivo, limiteBytes),
  }));
}
