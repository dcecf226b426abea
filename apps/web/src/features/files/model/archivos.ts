import {
  extensionDe,
  LIMITES_ARCHIVOS,
  MENSAJES_NOMBRE_ARCHIVO,
  revisarNombreArchivo,
  TIPOS_ARCHIVO,
} from '@delego/contract';
import { tipoComprimible } from '../../../lib/imagenes';
import { formatearMb, formatearTamanio } from '../../../lib/numeros';

/**
 * What may be attached, checked before anything is sent, with the server's own rules and words
 * (the contract's file-name rule; apps/server/src/modules/files/tipos.ts): the size per file, the
 * accepted kinds (by extension; the server then reads the real type from the bytes) and the name.
 * The server stays the judge.
 */

/** The size limit per file the server uses unless MAX_FILE_MB changes it. */
export const LIMITE_BYTES_DEFECTO = LIMITES_ARCHIVOS.tamanioMbDefecto * 1024 * 1024;

const EXTENSIONES = new Set<string>(TIPOS_ARCHIVO.flatMap((t) => [...t.extensiones]));
const EXTENSIONES_IMAGEN = new Set<string>(TIPOS_ARCHIVO.filter((t) => t.imagen).flatMap((t) => [...t.extensiones]));

export { extensionDe };

export function esImagenPorNombre(nombre: string): boolean {
  const ext = extensionDe(nombre);
  return ext !== null && EXTENSIONES_IMAGEN.has(ext);
}

/** '245 KB', '3,4 MB', '512 B': the app's one size formatter (lib/numeros.ts). */
export const formatoTamanio = formatearTamanio;

function textoMb(bytes: number): string {
  return formatearMb(bytes / (1024 * 1024));
}

export const MENSAJES_SUBIDA = {
  vacio: (n: string) => `El archivo «${n}» está vacío (0 bytes).`,
  grande: (n: string, limite: number) => `El archivo «${n}» supera el tamaño máximo de ${textoMb(limite)} MB.`,
  ...MENSAJES_NOMBRE_ARCHIVO,
} as const;

/** Why this file cannot be attached, in the words the server would use; null when it may go. */
export function problemaDeArchivo(
  archivo: { name: string; size: number },
  limiteBytes = LIMITE_BYTES_DEFECTO,
): string | null {
  const { nombre, problema } = revisarNombreArchivo(archivo.name);
  if (problema) return problema;
  const ext = extensionDe(nombre);
  if (ext === null) return MENSAJES_SUBIDA.sinExtension(nombre);
  if (!EXTENSIONES.has(ext)) return MENSAJES_SUBIDA.noPermitido(nombre);
  if (archivo.size === 0) return MENSAJES_SUBIDA.vacio(nombre);
  if (archivo.size > limiteBytes) return MENSAJES_SUBIDA.grande(nombre, limiteBytes);
  return null;
}

/**
 * The check when a file is chosen: a photo that the phone will make smaller (lib/imagenes.ts) is
 * not refused for its size yet; its name, kind and emptiness are checked now, and its size once it
 * is smaller. Anything else gets the whole check.
 */
export function problemaAntesDeComprimir(
  archivo: { name: string; size: number; type: string },
  limiteBytes = LIMITE_BYTES_DEFECTO,
): string | null {
  return problemaDeArchivo(archivo, tipoComprimible(archivo) ? Number.POSITIVE_INFINITY : limiteBytes);
}

/** An icon name for a file's kind (ionicons), from its MIME type. */
export type ClaseArchivo = 'imagen' | 'pdf' | 'planilla' | 'documento' | 'presentacion' | 'texto' | 'otro';

export function claseDeArchivo(tipo: string): ClaseArchivo {
  if (tipo.startsWith('image/')) return 'imagen';
  if (tipo === 'application/pdf') return 'pdf';
  if (tipo.includes('spreadsheet') || tipo.includes('ms-excel') || tipo === 'text/csv') return 'planilla';
  if (tipo.includes('presentation') || tipo.includes('powerpoint')) return 'presentacion';
  if (tipo.includes('wordprocessing') || tipo === 'application/msword') return 'documento';
  if (tipo.startsWith('text/')) return 'texto';
  return 'otro';
}
