import { RUTAS, type Archivo } from '@delego/contract';
import { queryOptions } from '@tanstack/react-query';
import { llamarArchivo, peticionArchivo, type Descarga } from '../../../lib/http';
import { archivosKeys } from '../keys';

/**
 * The bytes of a file: GET on the download path the server gave in its list (`url`, or its
 * thumbnail's `miniatura`; RUTAS.descargarArchivo and RUTAS.miniatura). Every download carries the
 * Authorization header, so the app never points an <img> or a link straight at these paths: it
 * fetches them as Blobs and shows them through object URLs.
 */
export function getContenido(
  ruta: string,
  { inline = false, signal }: { inline?: boolean; signal?: AbortSignal } = {},
): Promise<Descarga> {
  return peticionArchivo(ruta, { query: inline ? { inline: 1 } : undefined, signal });
}

/** The full file, to show in place (`?inline=1`): the image viewer. A file never changes under its id. */
export function contenidoQueryOptions(ordenId: number, archivo: Pick<Archivo, 'id' | 'url'>) {
  return queryOptions({
    queryKey: archivosKeys.contenido(ordenId, archivo.id),
    queryFn: async ({ signal }) => (await getContenido(archivo.url, { inline: true, signal })).blob,
    staleTime: Infinity,
    // Full images can be large: do not keep them long once nobody shows them.
    gcTime: 60_000,
    meta: { errorSilencioso: true },
  });
}

/** The 320 px JPEG thumbnail of an image (`miniatura` path of the list). */
export function miniaturaQueryOptions(dueno: number | string, archivoId: number, ruta: string) {
  return queryOptions({
    queryKey: archivosKeys.miniatura(dueno, archivoId),
    queryFn: async ({ signal }) => (await getContenido(ruta, { signal })).blob,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    // A missing thumbnail shows the file's icon instead: no alert.
    meta: { errorSilencioso: true },
    retry: false,
  });
}

/** GET /api/v2/descargarZip/{id}: every file of the order in one ZIP (404 when it has none). */
export function getZip(ordenId: number): Promise<Descarga> {
  return llamarArchivo(RUTAS.zip, { params: { id: ordenId } });
}
