/**
 * The signature's image as the phone sends it (base64, maybe as a data URL), checked to be what it
 * claims: a PNG or JPEG by its magic bytes, with its width and height read from its header, and at
 * most `maxBytes` decoded. Pure: no I/O, no image library.
 */

export type TipoFirma = 'image/png' | 'image/jpeg';

export interface FirmaDecodificada {
  bytes: Buffer;
  tipo: TipoFirma;
  ancho: number;
  alto: number;
}

/** Why the image was refused (the service turns each into its Spanish message). */
export type MotivoFirmaInvalida = 'noImagen' | 'grande' | 'dimensiones';

/** The largest side a signature pad could produce (a phone at 4x is well under it). */
export const LADO_MAXIMO_FIRMA = 4096;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image, or why it is not an acceptable signature. */
export function decodificarFirma(
  texto: string,
  maxBytes: number,
): { ok: true; firma: FirmaDecodificada } | { ok: false; motivo: MotivoFirmaInvalida } {
  const b64 = texto.trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (!b64 || b64.length % 4 !== 0 || !BASE64.test(b64)) return { ok: false, motivo: 'noImagen' };
  if ((b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0) > maxBytes) {
    return { ok: false, motivo: 'grande' };
  }
  const bytes = Buffer.from(b64, 'base64');
  const medida = bytes.subarray(0, 8).equals(PNG) ? medidaPng(bytes) : esJpeg(bytes) ? medidaJpeg(bytes) : null;
  if (!medida) return { ok: false, motivo: 'noImagen' };
  const { ancho, alto } = medida;
  if (ancho < 1 || alto < 1 || ancho > LADO_MAXIMO_FIRMA || alto > LADO_MAXIMO_FIRMA) {
    return { ok: false, motivo: 'dimensiones' };
  }
  return { ok: true, firma: { bytes, tipo: medida.tipo, ancho, alto } };
}

/** PNG: the signature, then IHDR as the first chunk (length 13), width and height big-endian. */
function medidaPng(b: Buffer): { tipo: TipoFirma; ancho: number; alto: number } | null {
  if (b.length < 33 || b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  if (!b.includes(Buffer.from('IEND', 'latin1'))) return null;
  return { tipo: 'image/png', ancho: b.readUInt32BE(16), alto: b.readUInt32BE(20) };
}

function esJpeg(b: Buffer): boolean {
  return b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

/** JPEG: walks the segments to the first SOFn frame header, which holds height then width. */
function medidaJpeg(b: Buffer): { tipo: TipoFirma; ancho: number; alto: number } | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marca = b[i + 1] as number;
    if (marca === 0xff) {
      i += 1;
      continue;
    }
    if (marca === 0xd8 || (marca >= 0xd0 && marca <= 0xd7) || marca === 0x01) {
      i += 2;
      continue;
    }
    if (marca === 0xd9 || marca === 0xda) return null;
    const largo = b.readUInt16BE(i + 2);
    if (largo < 2 || i + 2 + largo > b.length) return null;
    const esSof = marca >= 0xc0 && marca <= 0xcf && marca !== 0xc4 && marca !== 0xc8 && marca !== 0xcc;
    if (esSof) {
      if (largo < 7) return null;
      return { tipo: 'image/jpeg', alto: b.readUInt16BE(i + 5), ancho: b.readUInt16BE(i + 7) };
    }
    i += 2 + largo;
  }
  return null;
}
