import { z } from 'zod';
import { zEpochMs, zId, zTexto } from './common.js';

/**
 * Files of an order (issue 5): attachments, their download and thumbnail paths, the ZIP of all of
 * them and the printed report. Uploads travel as multipart/form-data (field `archivos`, one part per
 * file; field `archivosBorrados`, ids to remove); a removal-only call may send JSON instead.
 */

export const LIMITES_ARCHIVOS = {
  /** Characters of a file name. */
  nombre: 255,
  /** Files in one upload. */
  porEnvio: 20,
  /** Ids in one archivosBorrados. */
  borradosPorEnvio: 100,
  /** Default size limit per file, in MB (the server's MAX_FILE_MB changes it). */
  tamanioMbDefecto: 25,
  /** Longest side of a thumbnail, in pixels. */
  ladoMiniatura: 320,
} as const;

const numeroMb = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2, useGrouping: 'always' });

/**
 * A size limit in MB as messages write it, with the decimal comma on both ends: 25 -> '25',
 * 3.5 -> '3,5', 0.25 -> '0,25' (server errors and the web's texts alike).
 */
export function formatoMb(mb: number): string {
  return numeroMb.format(mb);
}

/**
 * The rules for a file's name, in the words both the server (which refuses) and the web (which
 * warns before sending) use. Names are refused, never repaired.
 */
export const MENSAJES_NOMBRE_ARCHIVO = {
  nombreVacio: 'Cada archivo debe tener un nombre.',
  nombreLargo: (n: string) => `El nombre «${n.slice(0, 40)}…» supera los ${LIMITES_ARCHIVOS.nombre} caracteres.`,
  nombreRuta: (n: string) => `El nombre «${n}» no puede contener barras (/ o \\).`,
  nombreControl: 'El nombre del archivo contiene caracteres no válidos.',
  sinExtension: (n: string) => `El archivo «${n}» no tiene extensión; no se puede saber de qué tipo es.`,
  noPermitido: (n: string) =>
    `El tipo del archivo «${n}» no está permitido. Se aceptan imágenes (JPG, PNG, WebP, GIF, HEIC), PDF, documentos de Office (Word, Excel, PowerPoint) y texto (TXT, CSV).`,
} as const;

// eslint-disable-next-line no-control-regex -- control and bidi characters are what this refuses
const CONTROL_EN_NOMBRE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The name as it is stored and shown: NFC, trimmed. */
export function normalizarNombreArchivo(nombre: string | null | undefined): string {
  return (nombre ?? '').normalize('NFC').trim();
}

/** Why a (normalised) file name is refused: empty, too long, a path separator, a control character; null when fine. */
export function problemaDeNombreArchivo(nombre: string): string | null {
  if (!nombre || nombre === '.' || nombre === '..') return MENSAJES_NOMBRE_ARCHIVO.nombreVacio;
  if ([...nombre].length > LIMITES_ARCHIVOS.nombre) return MENSAJES_NOMBRE_ARCHIVO.nombreLargo(nombre);
  if (/[/\\]/.test(nombre)) return MENSAJES_NOMBRE_ARCHIVO.nombreRuta(nombre);
  if (CONTROL_EN_NOMBRE.test(nombre)) return MENSAJES_NOMBRE_ARCHIVO.nombreControl;
  return null;
}

/**
 * A file name as received, checked the one way the server (which refuses) and the web (which warns
 * before sending) both do: the name as it will be stored, and why it is refused or null.
 */
export function revisarNombreArchivo(crudo: string | null | undefined): { nombre: string; problema: string | null } {
  const nombre = normalizarNombreArchivo(crudo);
  return { nombre, problema: problemaDeNombreArchivo(nombre) };
}

/** 'jpg' of 'Foto.JPG'; null without one. */
export function extensionDe(nombre: string): string | null {
  const i = nombre.lastIndexOf('.');
  if (i <= 0 || i === nombre.length - 1) return null;
  return nombre.slice(i + 1).toLowerCase();
}

/** The accepted kinds of file: the real type is read from the bytes, and the extension must agree. */
export const TIPOS_ARCHIVO = [
  { mime: 'image/jpeg', extensiones: ['jpg', 'jpeg', 'jfif'], imagen: true },
  { mime: 'image/png', extensiones: ['png'], imagen: true },
  { mime: 'image/webp', extensiones: ['webp'], imagen: true },
  { mime: 'image/gif', extensiones: ['gif'], imagen: true },
  { mime: 'image/heic', extensiones: ['heic', 'heif'], imagen: true },
  { mime: 'application/pdf', extensiones: ['pdf'], imagen: false },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensiones: ['docx'],
    imagen: false,
  },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensiones: ['xlsx'], imagen: false },
  {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensiones: ['pptx'],
    imagen: false,
  },
  { mime: 'application/msword', extensiones: ['doc'], imagen: false },
  { mime: 'application/vnd.ms-excel', extensiones: ['xls'], imagen: false },
  { mime: 'application/vnd.ms-powerpoint', extensiones: ['ppt'], imagen: false },
  { mime: 'text/plain', extensiones: ['txt'], imagen: false },
  { mime: 'text/csv', extensiones: ['csv'], imagen: false },
] as const;

/** For `<input type="file" accept>`. */
export const ACEPTAR_ARCHIVOS = TIPOS_ARCHIVO.flatMap((t) => t.extensiones.map((e) => `.${e}`)).join(',');

const zPersonaCorta = z.object({ id: z.number().int(), nombre: z.string(), apellido: z.string() });

/** GET /api/v2/archivos/{id}: one file of the order. */
export const zArchivo = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** MIME type read from the bytes. */
  tipo: z.string(),
  /** Bytes. */
  tamanio: z.number().int(),
  /** Who uploaded it. */
  usuario: zPersonaCorta,
  /** When it was uploaded (ms). */
  fecha: zEpochMs,
  esImagen: z.boolean(),
  /** Path of a 320 px JPEG thumbnail (images only; null when it could not be made, e.g. HEIC). */
  miniatura: z.string().nullable(),
  /** Download path (authenticated like every call; supports Range). `?inline=1` shows it in place. */
  url: z.string(),
  /** The reader may remove it (the order is not read-only for them). */
  puedeEliminar: z.boolean(),
});
export type Archivo = z.infer<typeof zArchivo>;

/** POST /api/v2/archivos/{id}/add as JSON: only removals (files travel as multipart). */
export const zArchivosCambios = z.object({
  archivos: z
    .array(z.unknown())
    .max(0, 'Los archivos se envían como multipart/form-data (campo "archivos"), no dentro de un JSON.')
    .optional(),
  archivosBorrados: z
    .array(zId)
    .max(LIMITES_ARCHIVOS.borradosPorEnvio, `Hasta ${LIMITES_ARCHIVOS.borradosPorEnvio} archivos por vez.`)
    .optional(),
});
export type ArchivosCambios = z.input<typeof zArchivosCambios>;

/** ?eventos&archivos: a flag is on when present ('', 'true', '1'), off when absent, 'false' or '0'. */
const zBandera = zTexto()
  .optional()
  .transform((v) => v !== undefined && v !== 'false' && v !== '0');

export const zReporteQuery = z.object({ eventos: zBandera, archivos: zBandera });
