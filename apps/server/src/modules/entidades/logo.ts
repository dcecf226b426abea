import { LIMITES_ADMIN } from '@delego/contract';
import { AppError } from '../../kernel/errors.js';

export type TipoImagen = 'png' | 'jpeg' | 'webp';

const MB = (LIMITES_ADMIN.logoBytes / 1024 / 1024).toFixed(0);
export const MENSAJES_LOGO = {
  tipo: 'El logo debe ser una imagen PNG, JPEG o WebP.',
  grande: `El logo no puede superar los ${MB} MB.`,
  base64: 'El logo debe enviarse como data URL o en base64.',
  ilegible: 'No se pudo leer la imagen: el archivo está dañado o no es una imagen PNG, JPEG o WebP.',
} as const;

/** The image type told by the file's first bytes (magic numbers), never by its name or a header. */
export function detectarTipo(buf: Uint8Array): TipoImagen | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => buf[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Decodes a data URL or plain base64 to bytes, refusing what is not base64 or is too large. */
export function decodificarLogo(input: string): Buffer {
  let b64 = input.trim();
  const m = /^data:([^,]*),/i.exec(b64);
  if (m) {
    if (!/;base64$/i.test(m[1] ?? '')) throw AppError.invalid('logo', MENSAJES_LOGO.base64);
    b64 = b64.slice(m[0].length);
  }
  b64 = b64.replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw AppError.invalid('logo', MENSAJES_LOGO.base64);
  if (Math.floor((b64.length * 3) / 4) - 2 > LIMITES_ADMIN.logoBytes) {
    throw new AppError('DEMASIADO_GRANDE', MENSAJES_LOGO.grande, { field: 'logo' });
  }
  const buf = Buffer.from(b64, 'base64');
  if (buf.length > LIMITES_ADMIN.logoBytes)
    throw new AppError('DEMASIADO_GRANDE', MENSAJES_LOGO.grande, { field: 'logo' });
  return buf;
}

/**
 * Checks and re-encodes an uploaded logo: PNG, JPEG or WebP by its magic bytes, at most 2 MB,
 * decoded by sharp (metadata dropped, EXIF orientation applied), shrunk to fit 256x256 and
 * written as PNG. Returns it as a data URL.
 */
export async function procesarLogo(input: string): Promise<string> {
  const buf = decodificarLogo(input);
  if (!detectarTipo(buf)) throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_LOGO.tipo, { field: 'logo' });
  let out: Buffer;
  // sharp (libvips) is loaded on the first logo, not with the server (issue 18).
  const { default: sharp } = await import('sharp');
  try {
    out = await sharp(buf, { failOn: 'error', limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(LIMITES_ADMIN.logoLado, LIMITES_ADMIN.logoLado, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw AppError.invalid('logo', MENSAJES_LOGO.ilegible);
  }
  return `data:image/png;base64,${out.toString('base64')}`;
}
