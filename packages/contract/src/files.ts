import { z } from 'zod';
import { zId, zTexto } from './common.js';

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

/** The accepted kinds of file: the real type is read from the bytes, and the extension must agree. */
export const TIPOS_ARCHIVO = [
  { mime: 'image/jpeg', extensiones: ['jpg', 'jpeg', 'jfif'], imagen: true },
  { mime: 'image/png', extensiones: ['png'], imagen: true },
  { mime: 'image/webp', extensiones: ['webp'], imagen: true },
  { mime: 'image/gif', extensiones: ['gif'], imagen: true },
  { mime: 'image/heic', extensiones: ['heic', 'heif'], imagen: true },
  { mime: 'application/pdf', extensiones: ['pdf'], imagen: false },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensiones: ['docx'], imagen: false },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensiones: ['xlsx'], imagen: false },
  { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensiones: ['pptx'], imagen: false },
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
  fecha: z.number().int(),
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

export const API_ARCHIVOS = {
  lista: (ordenId: number) => `/api/v2/archivos/${ordenId}`,
  agregar: (ordenId: number) => `/api/v2/archivos/${ordenId}/add`,
  descargar: (ordenId: number, archivoId: number) => `/api/v2/archivos/${ordenId}/descargar/${archivoId}`,
  miniatura: (ordenId: number, archivoId: number) => `/api/v2/archivos/${ordenId}/miniatura/${archivoId}`,
  zip: (ordenId: number) => `/api/v2/descargarZip/${ordenId}`,
  reporte: (ordenId: number, o: { eventos?: boolean; archivos?: boolean } = {}) => {
    const q = [o.eventos ? 'eventos=true' : '', o.archivos ? 'archivos=true' : ''].filter(Boolean).join('&');
    return `/api/v2/imprimirReporte/${ordenId}${q ? `?${q}` : ''}`;
  },
  exportarOrdenes: '/api/v2/ordenes/exportar',
} as const;
