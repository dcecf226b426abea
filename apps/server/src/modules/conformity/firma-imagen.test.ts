import { describe, expect, it } from 'vitest';
import { jpegCabecera, pngFirma } from '../../../test/conformity-fixture.js';
import { decodificarFirma } from './firma-imagen.js';

const MAX = 200 * 1024;

describe('decodificarFirma', () => {
  it('acepta un PNG real (también como data URL) y lee su tamaño de la cabecera', () => {
    const png = pngFirma(320, 90);
    const r = decodificarFirma(`data:image/png;base64,${png.toString('base64')}`, MAX);
    expect(r).toMatchObject({ ok: true, firma: { tipo: 'image/png', ancho: 320, alto: 90 } });
  });

  it('acepta un JPEG por sus marcas y su SOF', () => {
    const r = decodificarFirma(jpegCabecera(640, 200).toString('base64'), MAX);
    expect(r).toMatchObject({ ok: true, firma: { tipo: 'image/jpeg', ancho: 640, alto: 200 } });
  });

  it('rechaza lo que no es imagen, aunque diga serlo', () => {
    expect(decodificarFirma(Buffer.from('<svg onload="x()"/>').toString('base64'), MAX)).toEqual({
      ok: false,
      motivo: 'noImagen',
    });
    expect(decodificarFirma('no es base64 !!', MAX)).toEqual({ ok: false, motivo: 'noImagen' });
    // A PNG signature with nothing after it.
    const cortado = pngFirma().subarray(0, 20);
    expect(decodificarFirma(cortado.toString('base64'), MAX)).toEqual({ ok: false, motivo: 'noImagen' });
  });

  it('rechaza una imagen de más de 200 KB y una de tamaño imposible', () => {
    const grande = pngFirma(600, 400, true);
    expect(grande.length).toBeGreaterThan(MAX);
    expect(decodificarFirma(grande.toString('base64'), MAX)).toEqual({ ok: false, motivo: 'grande' });
    expect(decodificarFirma(jpegCabecera(0, 10).toString('base64'), MAX)).toEqual({
      ok: false,
      motivo: 'dimensiones',
    });
  });
});
