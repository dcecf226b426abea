import { useCallback, useEffect, useRef, useState } from 'react';
import { comprimirImagen, esCandidata } from '../../../lib/imagenes';
import { LIMITE_BYTES_DEFECTO, problemaDeArchivo } from '../model/archivos';
import { revisarElegidos } from './elegidos';

/**
 * A file chosen in a form before the order exists (issue 36, «Adjuntar fotos o archivos» of the
 * new order): checked with the files screen's rules at once, a photo made smaller on the device
 * (lib/imagenes.ts) and checked again on what will go. Nothing is sent here: the form sends them
 * once the order is saved (`adjuntarAOrden`).
 */
export interface Adjunto {
  clave: number;
  nombre: string;
  tamanio: number;
  estado: 'preparando' | 'listo' | 'error';
  /** What will be sent (the smaller photo), once ready. */
  archivo?: File;
  error?: string;
}

export interface Adjuntos {
  adjuntos: Adjunto[];
  agregar: (archivos: readonly File[]) => void;
  quitar: (clave: number) => void;
  /** The files ready to go, in the order chosen, once every photo is prepared (those refused stay out). */
  listos: () => Promise<File[]>;
  preparando: boolean;
}

export function useAdjuntos(limiteBytes = LIMITE_BYTES_DEFECTO): Adjuntos {
  const [adjuntos, setAdjuntos] = useState<Adjunto[]>([]);
  const actuales = useRef<Adjunto[]>([]);
  const enPreparacion = useRef(new Map<number, Promise<void>>());
  const vivo = useRef(true);
  useEffect(() => {
    vivo.current = true;
    return () => {
      vivo.current = false;
    };
  }, []);

  const cambiar = useCallback((f: (a: Adjunto[]) => Adjunto[]) => {
    actuales.current = f(actuales.current);
    if (vivo.current) setAdjuntos(actuales.current);
  }, []);

  const agregar = useCallback(
    (archivos: readonly File[]) => {
      const nuevos: Adjunto[] = [];
      for (const { clave, archivo: original, problema } of revisarElegidos(archivos, limiteBytes)) {
        const base = { clave, nombre: original.name, tamanio: original.size };
        if (problema) {
          nuevos.push({ ...base, estado: 'error', error: problema });
          continue;
        }
        if (!esCandidata(original)) {
          nuevos.push({ ...base, estado: 'listo', archivo: original });
          continue;
        }
        nuevos.push({ ...base, estado: 'preparando' });
        const preparar = comprimirImagen(original).then((archivo) => {
          enPreparacion.current.delete(clave);
          const error = problemaDeArchivo(archivo, limiteBytes);
          cambiar((lista) =>
            lista.map((a) =>
              a.clave !== clave
                ? a
                : error
                  ? { ...a, estado: 'error', error }
                  : { ...a, estado: 'listo', archivo, nombre: archivo.name, tamanio: archivo.size },
            ),
          );
        });
        enPreparacion.current.set(clave, preparar);
      }
      if (nuevos.length) cambiar((lista) => [...lista, ...nuevos]);
    },
    [cambiar, limiteBytes],
  );

  const quitar = useCallback(
    (clave: number) => {
      enPreparacion.current.delete(clave);
      cambiar((lista) => lista.filter((a) => a.clave !== clave));
    },
    [cambiar],
  );

  const listos = useCallback(async () => {
    await Promise.all([...enPreparacion.current.values()]);
    return actuales.current.flatMap((a) => (a.estado === 'listo' && a.archivo ? [a.archivo] : []));
  }, []);

  return { adjuntos, agregar, quitar, listos, preparando: adjuntos.some((a) => a.estado === 'preparando') };
}
