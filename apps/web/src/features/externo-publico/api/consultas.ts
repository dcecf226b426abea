import {
  RUTAS,
  zArchivo,
  zChecklistOrden,
  zVistaExterno,
  type Archivo,
  type ChecklistOrden,
  type VistaExterno,
} from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../../lib/errors';
import { borrarCopias, guardarCopia, leerCopia } from '../model/almacen';
import { cierraElEnlace } from '../model/bandeja';
import { archivoExterno, llamarExterno } from './cliente';

/**
 * What the contractor's page reads with the link. Keys carry the link's key (the SHA-256 of the
 * token), never the token; the app's persisted cache keeps none of them (lib/cache-persistente.ts
 * keeps only its own roots), the page keeps its own copy instead (model/almacen.ts).
 */
export const externoKeys = {
  todo: (enlace: string) => ['externo', enlace] as const,
  vista: (enlace: string) => ['externo', enlace, 'vista'] as const,
  archivos: (enlace: string) => ['externo', enlace, 'archivos'] as const,
  checklist: (enlace: string) => ['externo', enlace, 'checklist'] as const,
  miniatura: (enlace: string, archivoId: number) => ['externo', enlace, 'miniatura', archivoId] as const,
};

/** The parts of a link kept on the device. */
const PARTES = ['vista', 'archivos', 'checklist'] as const;
type Parte = (typeof PARTES)[number];

/** An answer, and whether it is the copy kept on the device (no connection) and from when. */
export interface ConCopia<T> {
  dato: T;
  obtenida: number;
  desdeCopia: boolean;
}

/**
 * Asks the server; keeps the answer on the device. Without a connection (or with the server
 * down), the kept copy answers instead. A link that no longer opens takes its copies away.
 */
async function conCopia<T>(
  enlace: string,
  parte: Parte,
  esquema: z.ZodType<T>,
  pedir: () => Promise<T>,
): Promise<ConCopia<T>> {
  try {
    const dato = await pedir();
    const obtenida = Date.now();
    await guardarCopia(enlace, parte, dato, obtenida);
    return { dato, obtenida, desdeCopia: false };
  } catch (error) {
    if (cierraElEnlace(error)) await borrarCopias(enlace, PARTES);
    if (error instanceof ApiError && (error.esSinConexion || error.status >= 500)) {
      const copia = await leerCopia(enlace, parte, esquema);
      if (copia) return { ...copia, desdeCopia: true };
    }
    throw error;
  }
}

/** Keeps the view the server answered to an accept or a reject as the page's view. */
export async function guardarVista(enlace: string, vista: VistaExterno): Promise<ConCopia<VistaExterno>> {
  const obtenida = Date.now();
  await guardarCopia(enlace, 'vista', vista, obtenida);
  return { dato: vista, obtenida, desdeCopia: false };
}

// The calls run whatever the connection (networkMode 'always'): offline, the fetch fails at once
// and the kept copy answers; TanStack Query would otherwise pause them with nothing to show.
const COMUNES = { networkMode: 'always', retry: false, meta: { errorSilencioso: true } } as const;

/** GET /api/v4/externo: the order, as the contractor sees it. */
export function useVistaExterno(k: string, enlace: string) {
  return useQuery({
    queryKey: externoKeys.vista(enlace),
    queryFn: ({ signal }) =>
      conCopia(enlace, 'vista', zVistaExterno, () => llamarExterno(k, RUTAS.vistaExterno, { signal })),
    ...COMUNES,
  });
}

/** GET /api/v2/archivos/:id with the link. */
export function useArchivosExterno(k: string, enlace: string, ordenId: number) {
  return useQuery({
    queryKey: externoKeys.archivos(enlace),
    queryFn: ({ signal }) =>
      conCopia<Archivo[]>(enlace, 'archivos', z.array(zArchivo), () =>
        llamarExterno(k, RUTAS.archivos, { params: { id: ordenId }, signal }),
      ),
    ...COMUNES,
  });
}

/** GET /api/v2/checklist/orden/:id with the link (only when the order has one). */
export function useChecklistExterno(k: string, enlace: string, ordenId: number, habilitada: boolean) {
  return useQuery({
    queryKey: externoKeys.checklist(enlace),
    queryFn: ({ signal }) =>
      conCopia<ChecklistOrden>(enlace, 'checklist', zChecklistOrden, () =>
        llamarExterno(k, RUTAS.checklistOrden, { params: { id: ordenId }, signal }),
      ),
    enabled: habilitada,
    ...COMUNES,
  });
}

/** A photo's thumbnail with the link, as a Blob (an <img> cannot send the Authorization header). */
export function useMiniaturaExterno(
  k: string,
  enlace: string,
  ordenId: number,
  archivoId: number,
  habilitada: boolean,
) {
  return useQuery({
    queryKey: externoKeys.miniatura(enlace, archivoId),
    queryFn: ({ signal }) => archivoExterno(k, RUTAS.miniatura, { params: { ordenId, archivoId }, signal }),
    enabled: habilitada,
    staleTime: Infinity,
    retry: false,
    meta: { errorSilencioso: true },
  });
}
