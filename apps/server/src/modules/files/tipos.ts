import {
  extensionDe,
  formatoMb,
  LIMITES_ARCHIVOS,
  MENSAJES_NOMBRE_ARCHIVO,
  revisarNombreArchivo,
  TIPOS_ARCHIVO,
} from '@delego/contract';
import { AppError } from '../../kernel/errors.js';

/**
 * Rules for what may be attached: file names and real types. Pure, so they are tested beside.
 *
 * Names are refused, not repaired: a name with a path separator, a control character, or more than
 * 255 characters gets a 400 that says why, and nothing is stored. (Repairing silently would store a
 * file under a name its owner never chose.)
 */

export const MENSAJES_ARCHIVOS = {
  ...MENSAJES_NOMBRE_ARCHIVO,
  sinArchivos: 'No se recibió ningún archivo para adjuntar ni para quitar.',
  vacio: (n: string) => `El archivo «${n}» está vacío (0 bytes).`,
  grande: (n: string, mb: number) =>
    `El archivo «${n}» supera el tamaño máximo de ${formatoMb(mb)} MB. No se guardó ningún archivo.`,
  demasiados: `Se pueden adjuntar hasta ${LIMITES_ARCHIVOS.porEnvio} archivos por vez.`,
  noCoincide: (n: string, real: string) =>
    `El contenido de «${n}» no corresponde a su extensión (parece ser ${real}). No se guardó ningún archivo.`,
  textoInvalido: (n: string) =>
    `El archivo «${n}» no es texto UTF-8 válido. Guárdelo como texto o "CSV UTF-8" e intente de nuevo.`,
  imagenIlegible: (n: string) => `No se pudo leer la imagen «${n}»: está dañada o es demasiado grande.`,
  noExiste: 'El archivo no existe o no pertenece a esta orden.',
  soloLectura:
    'No puede adjuntar ni quitar archivos: necesita el permiso «Modificar órdenes» o ser responsable de la orden.',
  zipVacio: 'La orden no tiene archivos para descargar.',
  rango: 'El rango pedido no es válido para este archivo.',
} as const;

/** The name as it will be stored and shown: NFC, trimmed. Throws a 400 AppError when not acceptable. */
export function validarNombre(raw: string | undefined | null): string {
  const { nombre, problema } = revisarNombreArchivo(raw);
  if (problema) throw AppError.invalid('archivos', problema);
  return nombre;
}

export { extensionDe };

export interface TipoDecidido {
  mime: string;
  esImagen: boolean;
  /** Plain text: the rest of the bytes must still be valid UTF-8. */
  texto: boolean;
}

type TipoPermitido = (typeof TIPOS_ARCHIVO)[number];
const porMime = new Map<string, TipoPermitido>(TIPOS_ARCHIVO.map((t) => [t.mime, t]));
const porExtension = new Map<string, TipoPermitido>(
  TIPOS_ARCHIVO.flatMap((t) => t.extensiones.map((e) => [e, t] as const)),
);
const OOXML = ['docx', 'xlsx', 'pptx'];
const CFB = ['doc', 'xls', 'ppt'];
const TEXTO = ['txt', 'csv'];

/** What people call a detected type in a message. */
function nombreLegible(d: { ext: string; mime: string }): string {
  if (d.mime.startsWith('image/')) return `una imagen ${d.ext.toUpperCase()}`;
  if (d.ext === 'exe' || d.ext === 'elf' || d.mime.includes('executable') || d.mime.includes('msdownload'))
    return 'un programa ejecutable';
  return `un archivo ${d.ext.toUpperCase()}`;
}

/**
 * Decides the type of an upload from its name and what file-type read in its first bytes
 * (`detectado` undefined: no signature, which is what plain text looks like). Throws a 415 AppError
 * when the type is not allowed or the bytes contradict the extension.
 */
export function decidirTipo(nombre: string, detectado: { ext: string; mime: string } | undefined): TipoDecidido {
  const ext = extensionDe(nombre);
  if (!ext) throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.sinExtension(nombre), { field: 'archivos' });
  const porExt = porExtension.get(ext);
  if (!detectado || detectado.mime.startsWith('text/') || detectado.mime === 'application/xml') {
    // No binary signature: acceptable only as text with a text extension; the bytes are checked as UTF-8.
    if (TEXTO.includes(ext) && porExt) return { mime: porExt.mime, esImagen: false, texto: true };
    if (!porExt) throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.noPermitido(nombre), { field: 'archivos' });
    throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.noCoincide(nombre, 'texto o un formato desconocido'), {
      field: 'archivos',
    });
  }
  let real: TipoPermitido | undefined = porMime.get(detectado.mime);
  if (
    detectado.mime === 'image/heif' ||
    detectado.mime === 'image/heic-sequence' ||
    detectado.mime === 'image/heif-sequence'
  ) {
    real = porMime.get('image/heic');
  }
  // Office documents are ZIP (docx, xlsx, pptx) or CFB (doc, xls, ppt) containers: a container of
  // the right family whose extension says which document is accepted as that document.
  if (detectado.mime === 'application/zip' && OOXML.includes(ext)) real = porExt;
  if (detectado.mime === 'application/x-cfb' && CFB.includes(ext)) real = porExt;
  if (!real) {
    if (porExt)
      throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.noCoincide(nombre, nombreLegible(detectado)), {
        field: 'archivos',
      });
    throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.noPermitido(nombre), { field: 'archivos' });
  }
  if (!(real.extensiones as readonly string[]).includes(ext)) {
    if (!porExt) throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.noPermitido(nombre), { field: 'archivos' });
    throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.noCoincide(nombre, nombreLegible(detectado)), {
      field: 'archivos',
    });
  }
  return { mime: real.mime, esImagen: real.imagen, texto: false };
}
