/**
 * A signature drawn on a phone and sent as base64 (a `data:image/png;base64,` URL or the bare
 * base64): checked to be a real PNG or JPEG by its bytes (the magic number and a header with sane
 * dimensions), never by what the client says it is. Checklists' signature items and the client's
 * conformity use it (issue 31).
 */

export interface ImagenFirma {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  ancho: number;
  alto: number;
}

/** Why a signature was refused: not an image we take, or too big. */
export type ProblemaFirma = 'invalida' | 'grande';

/** The largest side a signature image may declare, in pixels. */
export const LADO_MAXIMO_FIRMA = 8000;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,/i;

const ladoValido = (n: number) => Number.isInteger(n) && n > 0 && n <= LADO_MAXIMO_FIRMA;

/** Width and height of a PNG: the first chunk must be IHDR (13 bytes), with its CRC in place. */
function dimensionesPng(b: Buffer): { ancho: number; alto: number } | null {
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG)) return null;
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  const ancho = b.readUInt32BE(16);
  const alto = b.readUInt32BE(20);
  const profundidad = b[24] as number;
  const color = b[25] as number;
  if (![1, 2, 4, 8, 16].includes(profundidad) || ![0, 2, 3, 4, 6].includes(color)) return null;
  // The image needs its data and its end: an IEND chunk closes every PNG.
  if (b.toString('latin1', b.length - 8, b.length - 4) !== 'IEND') return null;
  return ladoValido(ancho) && ladoValido(alto) ? { ancho, alto } : null;
}

/** Width and height of a JPEG: walks the markers from SOI to the first frame header (SOFn). */
function dimensionesJpeg(b: Buffer): { ancho: number; alto: number } | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marca = b[i + 1] as number;
    if (marca === 0xff) {
      i += 1;
      continue;
    }
    const largo = b.readUInt16BE(i + 2);
    if (largo < 2 || i + 2 + largo > b.length) return null;
    const esSof = marca >= 0xc0 && marca <= 0xcf && marca !== 0xc4 && marca !== 0xc8 && marca !== 0xcc;
    if (esSof) {
      if (largo < 8) return null;
      const alto = b.readUInt16BE(i + 5);
      const ancho = b.readUInt16BE(i + 7);
      return ladoValido(ancho) && ladoValido(alto) ? { ancho, alto } : null;
    }
    if (marca === 0xda || marca === 0xd9) return null;
    i += 2 + largo;
  }
  return null;
}

/**
 * The signature's bytes and what they are, or why not: `grande` above `maxBytes` (decoded),
 * `invalida` when it is not base64 of a PNG or JPEG with a readable header.
 */
export function leerImagenFirma(texto: string, maxBytes: number): ImagenFirma | ProblemaFirma {
  const sinPrefijo = texto.trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (!sinPrefijo || sinPrefijo.length % 4 !== 0 || !BASE64.test(sinPrefijo)) return 'invalida';
  // Decoded size before decoding: 3 bytes per 4 characters, less the padding.
  const relleno = sinPrefijo.endsWith('==') ? 2 : sinPrefijo.endsWith('=') ? 1 : 0;
  if ((sinPrefijo.length / 4) * 3 - relleno > maxBytes) return 'grande';
  const bytes = Buffer.from(sinPrefijo, 'base64');
  const png = dimensionesPng(bytes);
  if (png) return { bytes, mime: 'image/png', extension: 'png', ...png };
  const jpeg = dimensionesJpeg(bytes);
  if (jpeg) return { bytes, mime: 'image/jpeg', extension: 'jpg', ...jpeg };
  return 'invalida';
}
