import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { leerImagenFirma } from './imagen-firma.js';

const LIMITE = 200 * 1024;
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();

describe('leerImagenFirma', () => {
  it('lee un PNG y un JPEG reales, en base64 o como data: URL, con sus dimensiones', async () => {
    const p = await png(320, 120);
    expect(leerImagenFirma(`data:image/png;base64,${p.toString('base64')}`, LIMITE)).toMatchObject({
      mime: 'image/png',
      extension: 'png',
      ancho: 320,
      alto: 120,
    });
    const j = await jpeg(200, 80);
    const leida = leerImagenFirma(j.toString('base64'), LIMITE);
    expect(leida).toMatchObject({ mime: 'image/jpeg', ancho: 200, alto: 80 });
    expect(typeof leida === 'object' && leida.bytes.equals(j)).toBe(true);
  });

  it('rechaza lo que no es base64 de una imagen: texto, SVG, una cabecera PNG sin imagen, un PNG cortado', async () => {
    const p = await png(10, 10);
    const cortado = p.subarray(0, p.length - 12);
    const soloCabecera = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    for (const t of [
      '',
      'hola mundo',
      '%%%%',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      soloCabecera.toString('base64'),
      cortado.toString('base64'),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString('base64'),
    ]) {
      expect(leerImagenFirma(t, LIMITE), t.slice(0, 20)).toBe('invalida');
    }
  });

  it('más de 200 KB decodificados es «grande», antes de decodificar', async () => {
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(LIMITE)]);
    expect(leerImagenFirma(grande.toString('base64'), LIMITE)).toBe('grande');
  });
});
