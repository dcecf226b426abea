/**
 * Photos are made smaller on the phone before they go out (issue 17): a 12-megapixel camera photo
 * of 4-6 MB becomes a JPEG of at most 1600 px on its long side, some 300-600 KB, which a bad
 * mobile connection can carry. The decisions are pure functions (tested in Node); the decoding and
 * encoding use the browser (createImageBitmap + a canvas) and are tested in Chromium (e2e).
 *
 * Nothing here throws: a file that is not an image, that the browser cannot decode (HEIC on
 * Chromium, a broken file) or that would not get smaller is returned as it was.
 */

export interface OpcionesCompresion {
  /** The long side of the result, in pixels. */
  maxLado?: number;
  /** JPEG quality, 0 to 1. */
  calidad?: number;
}

export const MAX_LADO_DEFECTO = 1600;
export const CALIDAD_DEFECTO = 0.8;
/**
 * Below this size a file is left alone unless its pixels are over the limit: re-encoding a small
 * JPEG saves little and costs a generation of quality.
 */
export const UMBRAL_BYTES = 400 * 1024;
/**
 * The result must save at least this fraction of the original, or the original goes: a few
 * percent is not worth the lost quality and metadata.
 */
const AHORRO_MINIMO = 0.1;

/**
 * Kinds that are re-encoded. GIF stays as it is (it may move); PNG goes too, over a white
 * background (a photo saved as PNG, or a screenshot, is several MB). HEIC only where the browser
 * decodes it (Safari); elsewhere decoding fails and the original goes.
 */
const TIPOS_COMPRIMIBLES = new Set([
  'image/jpeg',
  'image/pjpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);
const EXTENSIONES_COMPRIMIBLES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

function extension(nombre: string): string | null {
  const punto = nombre.lastIndexOf('.');
  return punto > 0 && punto < nombre.length - 1 ? nombre.slice(punto + 1).toLowerCase() : null;
}

/**
 * The file's image kind when it is one that is re-encoded, else null. The browser's type wins; a
 * camera file without one (some Android galleries) is judged by its extension.
 */
export function tipoComprimible(archivo: { name: string; type: string }): string | null {
  const tipo = archivo.type.toLowerCase();
  if (tipo) return TIPOS_COMPRIMIBLES.has(tipo) ? tipo : null;
  const ext = extension(archivo.name);
  return ext ? (EXTENSIONES_COMPRIMIBLES[ext] ?? null) : null;
}

/** Whether decoding is worth trying at all, before any pixel is read. */
export function esCandidata(archivo: { name: string; type: string; size: number }): boolean {
  return archivo.size > 0 && tipoComprimible(archivo) !== null;
}

/**
 * The size of the result: the long side brought down to `maxLado`, the proportions kept, never
 * enlarged; null when the pixels are within the limit already.
 */
export function medidasDestino(
  ancho: number,
  alto: number,
  maxLado: number = MAX_LADO_DEFECTO,
): { ancho: number; alto: number } | null {
  const lado = Math.max(ancho, alto);
  if (!(lado > maxLado) || ancho <= 0 || alto <= 0) return null;
  const escala = maxLado / lado;
  return { ancho: Math.max(1, Math.round(ancho * escala)), alto: Math.max(1, Math.round(alto * escala)) };
}

/**
 * Whether to re-encode an image of these pixels and bytes: when it is too big in pixels, or heavy
 * in bytes. A small image within the limit stays as it is.
 */
export function debeComprimir(
  medidas: { ancho: number; alto: number },
  bytes: number,
  maxLado: number = MAX_LADO_DEFECTO,
): boolean {
  return medidasDestino(medidas.ancho, medidas.alto, maxLado) !== null || bytes > UMBRAL_BYTES;
}

/** Whether the re-encoded result replaces the original: only when it saves enough. */
export function convieneResultado(bytesOriginal: number, bytesResultado: number): boolean {
  return bytesResultado > 0 && bytesResultado <= bytesOriginal * (1 - AHORRO_MINIMO);
}

/** 'IMG_1234.HEIC' → 'IMG_1234.jpg': the name keeps its stem and says what it now is. */
export function nombreJpeg(nombre: string): string {
  const punto = nombre.lastIndexOf('.');
  const base = punto > 0 ? nombre.slice(0, punto) : nombre;
  return `${base || 'foto'}.jpg`;
}

function acotar(valor: number | undefined, defecto: number, min: number, max: number): number {
  return typeof valor === 'number' && Number.isFinite(valor) ? Math.min(max, Math.max(min, valor)) : defecto;
}

interface Lienzo {
  contexto: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  aBlob: (calidad: number) => Promise<Blob | null>;
}

function crearLienzo(ancho: number, alto: number): Lienzo | null {
  if (typeof OffscreenCanvas === 'function') {
    const lienzo = new OffscreenCanvas(ancho, alto);
    const contexto = lienzo.getContext('2d');
    if (contexto) {
      return { contexto, aBlob: (calidad) => lienzo.convertToBlob({ type: 'image/jpeg', quality: calidad }) };
    }
  }
  if (typeof document === 'undefined') return null;
  const lienzo = document.createElement('canvas');
  lienzo.width = ancho;
  lienzo.height = alto;
  const contexto = lienzo.getContext('2d');
  if (!contexto) return null;
  return {
    contexto,
    aBlob: (calidad) => new Promise((resolver) => lienzo.toBlob(resolver, 'image/jpeg', calidad)),
  };
}

/**
 * The photo, smaller: at most `maxLado` px on its long side (1600), JPEG at `calidad` (0.8), turned
 * upright as its EXIF orientation says (the re-encoded file has no EXIF, so it must be upright in
 * its pixels; the location and camera data go too). Returns the original file when it is not an
 * image this can re-encode, when it is small already, when the browser cannot decode it, or when
 * the result would not be clearly smaller. Never throws.
 */
export async function comprimirImagen(archivo: File, opciones: OpcionesCompresion = {}): Promise<File> {
  const maxLado = Math.round(acotar(opciones.maxLado, MAX_LADO_DEFECTO, 64, 8192));
  const calidad = acotar(opciones.calidad, CALIDAD_DEFECTO, 0.3, 0.95);
  if (!esCandidata(archivo) || typeof createImageBitmap !== 'function') return archivo;
  let imagen: ImageBitmap | undefined;
  try {
    imagen = await createImageBitmap(archivo, { imageOrientation: 'from-image' });
    if (!debeComprimir({ ancho: imagen.width, alto: imagen.height }, archivo.size, maxLado)) return archivo;
    const destino = medidasDestino(imagen.width, imagen.height, maxLado) ?? {
      ancho: imagen.width,
      alto: imagen.height,
    };
    const lienzo = crearLienzo(destino.ancho, destino.alto);
    if (!lienzo) return archivo;
    const { contexto } = lienzo;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    contexto.fillStyle = '#fff';
    contexto.fillRect(0, 0, destino.ancho, destino.alto);
    contexto.imageSmoothingEnabled = true;
    contexto.imageSmoothingQuality = 'high';
    contexto.drawImage(imagen, 0, 0, destino.ancho, destino.alto);
    const blob = await lienzo.aBlob(calidad);
    if (!blob || blob.type !== 'image/jpeg' || !convieneResultado(archivo.size, blob.size)) return archivo;
    return new File([blob], nombreJpeg(archivo.name), { type: 'image/jpeg', lastModified: archivo.lastModified });
  } catch {
    return archivo;
  } finally {
    imagen?.close();
  }
}
