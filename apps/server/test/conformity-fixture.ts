/**
 * Images for the conformity tests: a real PNG made here (zlib, CRC-32), of any size, and things
 * that only pretend to be one.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(tipo: string, datos: Buffer): Buffer {
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'latin1'), datos]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(cuerpo) >>> 0);
  return Buffer.concat([largo, cuerpo, crc]);
}

/**
 * A grey-scale PNG of `ancho` x `alto` with a dark diagonal stroke (a "signature"). With `ruido`
 * the pixels are random, so deflate cannot shrink it (to make one larger than a limit).
 */
export function pngFirma(ancho = 120, alto = 40, ruido = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey-scale
  const filas: Buffer[] = [];
  for (let y = 0; y < alto; y++) {
    const fila = Buffer.alloc(ancho + 1, 255);
    fila[0] = 0;
    for (let x = 0; x < ancho; x++) {
      if (ruido) fila[x + 1] = Math.floor(Math.random() * 256);
      else if (Math.abs(Math.round((x * alto) / ancho) - y) <= 1) fila[x + 1] = 0;
    }
    filas.push(fila);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(filas))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The header of a baseline JPEG (SOI, APP0, SOF0 with its size) and its end: enough for the check. */
export function jpegCabecera(ancho = 300, alto = 100): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    alto >> 8,
    alto & 255,
    ancho >> 8,
    ancho & 255,
    1,
    1,
    0x11,
    0,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export const base64 = (b: Buffer) => b.toString('base64');
export const dataUrl = (b: Buffer, tipo = 'image/png') => `data:${tipo};base64,${b.toString('base64')}`;
