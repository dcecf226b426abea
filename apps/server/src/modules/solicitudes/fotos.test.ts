import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LADO_FOTO, prepararFoto } from './fotos.js';

const lienzo = (ancho: number, alto: number, canales: 3 | 4 = 3) =>
  sharp({ create: { width: ancho, height: alto, channels: canales, background: { r: 10, g: 120, b: 200, alpha: 0 } } });

describe('prepararFoto', () => {
  it('writes JPEG, PNG and WebP again as a JPEG without metadata, transparency on white', async () => {
    const conGps = await lienzo(40, 30)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Rosa' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1' } })
      .toBuffer();
    expect((await sharp(conGps).metadata()).exif).toBeDefined();
    for (const entrada of [conGps, await lienzo(40, 30, 4).png().toBuffer(), await lienzo(40, 30).webp().toBuffer()]) {
      const f = await prepararFoto(entrada);
      expect(f).toMatchObject({ mime: 'image/jpeg', extension: 'jpg' });
      const m = await sharp(f?.bytes).metadata();
      expect(m).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
      expect(m.exif).toBeUndefined();
    }
    // The transparent PNG's pixels come out white.
    const png = await prepararFoto(await lienzo(4, 4, 4).png().toBuffer());
    const { data } = await sharp(png?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((c) => c > 245)).toBe(true);
  });

  it('applies the EXIF orientation and shrinks to LADO_FOTO a side, never enlarging', async () => {
    const girada = await lienzo(60, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const f = await prepararFoto(girada);
    expect(await sharp(f?.bytes).metadata()).toMatchObject({ width: 20, height: 60 });
    const grande = await prepararFoto(
      await lienzo(LADO_FOTO * 2, 100)
        .jpeg()
        .toBuffer(),
    );
    expect(await sharp(grande?.bytes).metadata()).toMatchObject({ width: LADO_FOTO, height: 50 });
  });

  it('refuses what is not a photo: text, an SVG, a GIF, a TIFF, a truncated JPEG, nothing', async () => {
    const jpeg = await lienzo(200, 200).jpeg().toBuffer();
    const casos = [
      Buffer.from('hola, no soy una foto'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      await lienzo(10, 10).gif().toBuffer(),
      await lienzo(10, 10).tiff().toBuffer(),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      Buffer.alloc(0),
    ];
    for (const c of casos) expect(await prepararFoto(c)).toBeNull();
  });
});
