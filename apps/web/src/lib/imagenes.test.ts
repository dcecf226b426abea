import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  comprimirImagen,
  convieneResultado,
  debeComprimir,
  esCandidata,
  medidasDestino,
  nombreJpeg,
  tipoComprimible,
  UMBRAL_BYTES,
} from './imagenes';

describe('tipoComprimible', () => {
  it('takes photos by their type, and leaves GIF, PDF and the rest alone', () => {
    expect(tipoComprimible({ name: 'a.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(tipoComprimible({ name: 'a.png', type: 'image/png' })).toBe('image/png');
    expect(tipoComprimible({ name: 'a.webp', type: 'image/webp' })).toBe('image/webp');
    expect(tipoComprimible({ name: 'IMG.HEIC', type: 'image/heic' })).toBe('image/heic');
    expect(tipoComprimible({ name: 'a.gif', type: 'image/gif' })).toBeNull();
    expect(tipoComprimible({ name: 'a.pdf', type: 'application/pdf' })).toBeNull();
    expect(tipoComprimible({ name: 'a.svg', type: 'image/svg+xml' })).toBeNull();
  });

  it('trusts the type over the name, and the name only when there is no type', () => {
    expect(tipoComprimible({ name: 'foto.jpg', type: 'application/pdf' })).toBeNull();
    expect(tipoComprimible({ name: 'FOTO.JPEG', type: '' })).toBe('image/jpeg');
    expect(tipoComprimible({ name: 'captura.png', type: '' })).toBe('image/png');
    expect(tipoComprimible({ name: 'planilla.xlsx', type: '' })).toBeNull();
    expect(tipoComprimible({ name: 'sin-extension', type: '' })).toBeNull();
    expect(tipoComprimible({ name: '.jpg', type: '' })).toBeNull();
  });
});

describe('esCandidata', () => {
  it('refuses an empty file even when it says it is a photo', () => {
    expect(esCandidata({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe(false);
    expect(esCandidata({ name: 'a.jpg', type: 'image/jpeg', size: 1 })).toBe(true);
  });
});

describe('medidasDestino', () => {
  it('brings the long side down to the limit and keeps the proportions', () => {
    expect(medidasDestino(4032, 3024)).toEqual({ ancho: 1600, alto: 1200 });
    expect(medidasDestino(3024, 4032)).toEqual({ ancho: 1200, alto: 1600 });
    expect(medidasDestino(4000, 1000, 1000)).toEqual({ ancho: 1000, alto: 250 });
  });

  it('never enlarges, and says so with null', () => {
    expect(medidasDestino(1600, 1200)).toBeNull();
    expect(medidasDestino(800, 600)).toBeNull();
    expect(medidasDestino(0, 0)).toBeNull();
  });

  it('never gives a side of zero pixels', () => {
    expect(medidasDestino(100_000, 10, 1600)).toEqual({ ancho: 1600, alto: 1 });
  });
});

describe('debeComprimir', () => {
  it('re-encodes when the pixels are over the limit, whatever the bytes', () => {
    expect(debeComprimir({ ancho: 4032, alto: 3024 }, 200 * 1024)).toBe(true);
  });

  it('re-encodes a heavy file within the pixel limit', () => {
    expect(debeComprimir({ ancho: 1500, alto: 1000 }, UMBRAL_BYTES + 1)).toBe(true);
  });

  it('leaves a small image within the limit alone', () => {
    expect(debeComprimir({ ancho: 1500, alto: 1000 }, UMBRAL_BYTES)).toBe(false);
    expect(debeComprimir({ ancho: 640, alto: 480 }, 50 * 1024)).toBe(false);
  });
});

describe('convieneResultado', () => {
  it('takes the result only when it saves at least a tenth', () => {
    expect(convieneResultado(1000, 900)).toBe(true);
    expect(convieneResultado(1000, 901)).toBe(false);
    expect(convieneResultado(1000, 1500)).toBe(false);
    expect(convieneResultado(1000, 0)).toBe(false);
  });
});

describe('nombreJpeg', () => {
  it('keeps the stem and says .jpg', () => {
    expect(nombreJpeg('IMG_1234.HEIC')).toBe('IMG_1234.jpg');
    expect(nombreJpeg('foto.de.obra.png')).toBe('foto.de.obra.jpg');
    expect(nombreJpeg('image')).toBe('image.jpg');
    expect(nombreJpeg('.png')).toBe('.png.jpg');
  });
});

/**
 * comprimirImagen's own steps with a stand-in browser (Node has no decoder nor canvas): the real
 * decoding and encoding are checked in Chromium (e2e/app-de-campo-fotos.spec.ts).
 */
describe('comprimirImagen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function foto(bytes: number, nombre = 'IMG_0001.jpg', tipo = 'image/jpeg'): File {
    return new File([new Uint8Array(bytes)], nombre, { type: tipo, lastModified: 1_700_000_000_000 });
  }

  /** A fake decoder of the given size and a fake canvas whose JPEG weighs `bytesResultado`. */
  function navegador(ancho: number, alto: number, bytesResultado: number, tipoResultado = 'image/jpeg') {
    const cerrar = vi.fn();
    const decodificar = vi.fn(() => Promise.resolve({ width: ancho, height: alto, close: cerrar }));
    const dibujos: unknown[][] = [];
    const lienzos: number[][] = [];
    const calidades: unknown[] = [];
    class LienzoFalso {
      constructor(w: number, h: number) {
        lienzos.push([w, h]);
      }
      getContext() {
        return {
          fillRect: () => undefined,
          drawImage: (...args: unknown[]) => dibujos.push(args),
        };
      }
      convertToBlob(opciones: { quality: number }) {
        calidades.push(opciones.quality);
        return Promise.resolve(new Blob([new Uint8Array(bytesResultado)], { type: tipoResultado }));
      }
    }
    vi.stubGlobal('createImageBitmap', decodificar);
    vi.stubGlobal('OffscreenCanvas', LienzoFalso);
    return { cerrar, decodificar, dibujos, lienzos, calidades };
  }

  it('gives back the same file when the platform cannot decode (no createImageBitmap)', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const original = foto(2_000_000);
    await expect(comprimirImagen(original)).resolves.toBe(original);
  });

  it('does not decode a file that is not a photo', async () => {
    const { decodificar } = navegador(4000, 3000, 100);
    const pdf = foto(2_000_000, 'plano.pdf', 'application/pdf');
    await expect(comprimirImagen(pdf)).resolves.toBe(pdf);
    expect(decodificar).not.toHaveBeenCalled();
  });

  it('shrinks a large photo to 1600 px, JPEG 0.8, upright, with its name as .jpg', async () => {
    const b = navegador(4032, 3024, 300_000);
    const original = foto(4_000_000, 'IMG_0001.HEIC', 'image/heic');
    const resultado = await comprimirImagen(original);
    expect(resultado).not.toBe(original);
    expect(resultado.name).toBe('IMG_0001.jpg');
    expect(resultado.type).toBe('image/jpeg');
    expect(resultado.size).toBe(300_000);
    expect(resultado.lastModified).toBe(original.lastModified);
    expect(b.decodificar).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(b.lienzos).toEqual([[1600, 1200]]);
    expect(b.dibujos[0]?.slice(1)).toEqual([0, 0, 1600, 1200]);
    expect(b.calidades).toEqual([0.8]);
    expect(b.cerrar).toHaveBeenCalledTimes(1);
  });

  it('honours the options, bounded to sane values', async () => {
    const b = navegador(4000, 2000, 100_000);
    await comprimirImagen(foto(3_000_000), { maxLado: 1000, calidad: 0.6 });
    expect(b.lienzos).toEqual([[1000, 500]]);
    expect(b.calidades).toEqual([0.6]);
    await comprimirImagen(foto(3_000_000), { maxLado: 1, calidad: 5 });
    expect(b.lienzos[1]).toEqual([64, 32]);
    expect(b.calidades[1]).toBe(0.95);
  });

  it('keeps a small photo within the pixel limit without encoding it', async () => {
    const b = navegador(1200, 900, 10);
    const original = foto(200_000);
    await expect(comprimirImagen(original)).resolves.toBe(original);
    expect(b.lienzos).toEqual([]);
    expect(b.cerrar).toHaveBeenCalledTimes(1);
  });

  it('keeps the original when the result is not clearly smaller', async () => {
    navegador(4000, 3000, 1_950_000);
    const original = foto(2_000_000);
    await expect(comprimirImagen(original)).resolves.toBe(original);
  });

  it('keeps the original when the browser gives back something that is not a JPEG', async () => {
    navegador(4000, 3000, 1000, 'image/png');
    const original = foto(2_000_000);
    await expect(comprimirImagen(original)).resolves.toBe(original);
  });

  it('keeps the original, without throwing, when the image cannot be decoded', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))),
    );
    const original = foto(2_000_000);
    await expect(comprimirImagen(original)).resolves.toBe(original);
  });

  it('keeps the original, without throwing, when encoding fails, and frees the decoded image', async () => {
    const b = navegador(4000, 3000, 100);
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { fillRect: () => undefined, drawImage: () => undefined };
        }
        convertToBlob() {
          return Promise.reject(new Error('sin memoria'));
        }
      },
    );
    const original = foto(2_000_000);
    await expect(comprimirImagen(original)).resolves.toBe(original);
    expect(b.cerrar).toHaveBeenCalledTimes(1);
  });
});
