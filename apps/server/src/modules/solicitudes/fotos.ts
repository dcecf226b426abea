/**
 * A request's photo (docs/SOLICITUDES.md «Fotos»): whatever the person's phone sent, checked by
 * decoding it, never by its name or the type the browser claimed. JPEG, PNG and WebP are decoded
 * whole and written again as a JPEG (EXIF orientation applied, transparency on white, at most
 * LADO_FOTO px a side, every metadata dropped: a phone's photo carries where it was taken). A HEIC
 * whose container libvips reads but whose HEVC picture it cannot decode (the prebuilt sharp has no
 * HEVC decoder) is kept as it came, as the files module keeps one.
 */

/** The longest side of a stored photo: enough to read a nameplate, a fraction of a phone's bytes. */
export const LADO_FOTO = 2560;

/** Decoding refuses images of more pixels than this (a small file can declare a huge canvas). */
export const PIXELES_FOTO = 100_000_000;

const FORMATOS = ['jpeg', 'png', 'webp', 'heif'] as const;

export interface FotoLista {
  bytes: Buffer;
  mime: 'image/jpeg' | 'image/heic';
  extension: 'jpg' | 'heic';
}

/** The photo as it is stored, or null when the bytes are not a JPEG, PNG, WebP or HEIC image. */
export async function prepararFoto(bytes: Buffer): Promise<FotoLista | null> {
  // sharp (libvips) is loaded on the first photo, not with the server (issue 18).
  const { default: sharp } = await import('sharp');
  const opciones = { failOn: 'error', limitInputPixels: PIXELES_FOTO, animated: false } as const;
  let formato: string | undefined;
  let compresion: string | undefined;
  try {
    const m = await sharp(bytes, opciones).metadata();
    formato = m.format;
    compresion = m.compression;
    if (!m.width || !m.height || m.width * m.height > PIXELES_FOTO) return null;
  } catch {
    return null;
  }
  if (!(FORMATOS as readonly (string | undefined)[]).includes(formato)) return null;
  try {
    const jpeg = await sharp(bytes, opciones)
      .rotate()
      .resize(LADO_FOTO, LADO_FOTO, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return { bytes: jpeg, mime: 'image/jpeg', extension: 'jpg' };
  } catch {
    if (formato === 'heif' && compresion === 'hevc') return { bytes, mime: 'image/heic', extension: 'heic' };
    return null;
  }
}
