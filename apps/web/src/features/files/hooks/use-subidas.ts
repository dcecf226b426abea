import type { Archivo } from '@delego/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mensajeDeError } from '../../../lib/errors';
import { comprimirImagen, esCandidata } from '../../../lib/imagenes';
import { encolar, esTransitorio, nuevaClave } from '../../../lib/outbox';
import { subirArchivo } from '../api/subir-archivo';
import { archivosCambiados } from '../cache';
import { LIMITE_BYTES_DEFECTO, problemaDeArchivo } from '../model/archivos';
import { revisarElegidos } from './elegidos';

/**
 * 'preparando': a photo is being made smaller on the phone (lib/imagenes.ts) before it goes.
 * 'encolada': it could not reach the server and waits in the outbox (the list below shows it).
 */
export type EstadoSubida = 'esperando' | 'preparando' | 'subiendo' | 'lista' | 'encolada' | 'error';

export interface Subida {
  clave: number;
  ordenId: number;
  nombre: string;
  tamanio: number;
  estado: EstadoSubida;
  /** 0 to 1 while it goes out. */
  progreso: number;
  error?: string;
}

interface Pendiente {
  clave: number;
  ordenId: number;
  archivo: File;
  limiteBytes: number;
}

/** How long a finished upload stays in the list with its check mark. */
const MOSTRAR_LISTA_MS = 2500;

export interface ColaSubidas {
  subidas: Subida[];
  /** Checks the files and queues those that may go; the others show why not, and are not sent. */
  agregar: (archivos: readonly File[]) => void;
  /** Cancels a waiting or running upload, or hides a finished or failed one. */
  quitar: (clave: number) => void;
  estaSubiendo: boolean;
}

/**
 * The uploads of an order, one file per call and one call at a time, each with its progress.
 * Every answer is the order's file list as it is now, which replaces the cached one.
 */
export function useSubidas(
  ordenId: number,
  {
    limiteBytes = LIMITE_BYTES_DEFECTO,
    alTerminar,
  }: { limiteBytes?: number; alTerminar?: (lista: Archivo[], archivo: File) => void } = {},
): ColaSubidas {
  const queryClient = useQueryClient();
  const [subidas, setSubidas] = useState<Subida[]>([]);
  const cola = useRef<Pendiente[]>([]);
  const enCurso = useRef<{ clave: number; control: AbortController } | null>(null);
  const temporizadores = useRef(new Set<ReturnType<typeof setTimeout>>());
  const alTerminarRef = useRef(alTerminar);
  useEffect(() => {
    alTerminarRef.current = alTerminar;
  }, [alTerminar]);

  const cambiar = useCallback((clave: number, cambio: Partial<Subida>) => {
    setSubidas((actuales) => actuales.map((s) => (s.clave === clave ? { ...s, ...cambio } : s)));
  }, []);

  const ocultarLuego = useCallback((clave: number) => {
    const t = setTimeout(() => {
      temporizadores.current.delete(t);
      setSubidas((actuales) => actuales.filter((s) => s.clave !== clave || s.estado !== 'lista'));
    }, MOSTRAR_LISTA_MS);
    temporizadores.current.add(t);
  }, []);

  const siguiente = useCallback(async () => {
    if (enCurso.current) return;
    const pendiente = cola.current.shift();
    if (!pendiente) return;
    const control = new AbortController();
    enCurso.current = { clave: pendiente.clave, control };
    cambiar(pendiente.clave, { estado: esCandidata(pendiente.archivo) ? 'preparando' : 'subiendo', progreso: 0 });
    try {
      // A photo goes smaller (never throws: anything it cannot shrink goes as it was); the size
      // limit is checked on what is sent.
      const archivo = await comprimirImagen(pendiente.archivo);
      if (control.signal.aborted) throw new DOMException('Cancelada', 'AbortError');
      const problema = problemaDeArchivo(archivo, pendiente.limiteBytes);
      if (problema) {
        cambiar(pendiente.clave, { estado: 'error', error: problema });
        return;
      }
      cambiar(pendiente.clave, { estado: 'subiendo', nombre: archivo.name, tamanio: archivo.size });
      // Its key from the start: if the connection drops, the outbox sends it again with the same
      // one and the server keeps it once (lib/outbox, docs/APP-DE-CAMPO.md).
      const clave = nuevaClave();
      let lista: Archivo[];
      try {
        lista = await subirArchivo({
          ordenId: pendiente.ordenId,
          archivo,
          signal: control.signal,
          idempotencia: clave,
          alProgresar: (fraccion) => cambiar(pendiente.clave, { progreso: fraccion }),
        });
      } catch (error) {
        if (!esTransitorio(error)) throw error;
        await encolar(
          {
            tipo: 'archivos',
            ordenId: pendiente.ordenId,
            descripcion: `Adjuntar ${archivo.name}`,
            cuerpo: null,
            archivos: [{ nombre: archivo.name, tipo: archivo.type, datos: archivo }],
          },
          clave,
        );
        cambiar(pendiente.clave, { estado: 'encolada', progreso: 1 });
        ocultarLuego(pendiente.clave);
        return;
      }
      archivosCambiados(queryClient, pendiente.ordenId, lista);
      cambiar(pendiente.clave, { estado: 'lista', progreso: 1 });
      ocultarLuego(pendiente.clave);
      alTerminarRef.current?.(lista, archivo);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setSubidas((actuales) => actuales.filter((s) => s.clave !== pendiente.clave));
      } else {
        cambiar(pendiente.clave, { estado: 'error', error: mensajeDeError(error) });
      }
    } finally {
      enCurso.current = null;
      void siguiente();
    }
  }, [cambiar, ocultarLuego, queryClient]);

  const agregar = useCallback(
    (archivos: readonly File[]) => {
      const nuevas: Subida[] = [];
      // A photo over the limit may fit once smaller: its size is checked again before it goes.
      for (const { clave, archivo, problema } of revisarElegidos(archivos, limiteBytes)) {
        nuevas.push({
          clave,
          ordenId,
          nombre: archivo.name,
          tamanio: archivo.size,
          estado: problema ? 'error' : 'esperando',
          progreso: 0,
          error: problema ?? undefined,
        });
        if (!problema) cola.current.push({ clave, ordenId, archivo, limiteBytes });
      }
      if (nuevas.length === 0) return;
      setSubidas((actuales) => [...actuales, ...nuevas]);
      void siguiente();
    },
    [limiteBytes, ordenId, siguiente],
  );

  const quitar = useCallback((clave: number) => {
    if (enCurso.current?.clave === clave) {
      enCurso.current.control.abort();
      return;
    }
    cola.current = cola.current.filter((p) => p.clave !== clave);
    setSubidas((actuales) => actuales.filter((s) => s.clave !== clave));
  }, []);

  useEffect(() => {
    const pendientes = temporizadores.current;
    return () => {
      for (const t of pendientes) clearTimeout(t);
    };
  }, []);

  // The uploads of another order (the screen was reused for it) go on, but are not shown here.
  const propias = subidas.filter((s) => s.ordenId === ordenId);
  const estaSubiendo = propias.some(
    (s) => s.estado === 'esperando' || s.estado === 'preparando' || s.estado === 'subiendo',
  );
  return { subidas: propias, agregar, quitar, estaSubiendo };
}
