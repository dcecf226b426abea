import { describe, expect, it } from 'vitest';
import {
  ESCALA_MAXIMA,
  VISTA_INICIAL,
  direccionDeslizamiento,
  escalaConRueda,
  escalaDobleToque,
  limitarDesplazamiento,
  limitarEscala,
  textoPosicion,
  vecino,
  zoomEnPunto,
} from './visor';

const imagenes = [{ id: 7 }, { id: 9 }, { id: 12 }];
const caja = { ancho: 400, alto: 300 };

describe('the viewer’s next and previous', () => {
  it('goes to the neighbour in the list’s order', () => {
    expect(vecino(imagenes, 9, 1)).toEqual({ id: 12 });
    expect(vecino(imagenes, 9, -1)).toEqual({ id: 7 });
  });

  it('stops at both ends (no wrap-around)', () => {
    expect(vecino(imagenes, 12, 1)).toBeNull();
    expect(vecino(imagenes, 7, -1)).toBeNull();
  });

  it('has no neighbour for an image not in the list', () => {
    expect(vecino(imagenes, 99, 1)).toBeNull();
  });

  it('says where it is: "2 de 3"', () => {
    expect(textoPosicion(imagenes, 9)).toBe('2 de 3');
    expect(textoPosicion(imagenes, 99)).toBe('');
  });
});

describe('the viewer’s zoom', () => {
  it('stays between fitted (1) and 5×', () => {
    expect(limitarEscala(0.3)).toBe(1);
    expect(limitarEscala(9)).toBe(ESCALA_MAXIMA);
    expect(limitarEscala(Number.NaN)).toBe(1);
  });

  it('keeps the point under the finger still when zooming there', () => {
    const v = zoomEnPunto(VISTA_INICIAL, 2, caja, { x: 100, y: 50 });
    expect(v).toEqual({ escala: 2, x: -100, y: -50 });
    // That point of the image (100, 50 from the centre at scale 1) is still under the finger.
    expect(v.x + 100 * v.escala).toBe(100);
  });

  it('cannot drag the zoomed image past its edges, nor move a fitted one', () => {
    expect(limitarDesplazamiento({ escala: 2, x: 900, y: -900 }, caja)).toEqual({ escala: 2, x: 200, y: -150 });
    expect(limitarDesplazamiento({ escala: 1, x: 30, y: 30 }, caja)).toEqual({ escala: 1, x: 0, y: 0 });
  });

  it('zooms out back to fitted and centred', () => {
    const ampliada = zoomEnPunto(VISTA_INICIAL, 3, caja, { x: 150, y: 100 });
    expect(zoomEnPunto(ampliada, 1, caja)).toEqual({ escala: 1, x: 0, y: 0 });
  });

  it('the wheel zooms in going up and out going down', () => {
    expect(escalaConRueda(1, -100)).toBeGreaterThan(1);
    expect(escalaConRueda(2, 100)).toBeLessThan(2);
    expect(escalaConRueda(1, 500)).toBe(1);
  });

  it('a double tap zooms in from fitted and back out from any zoom', () => {
    expect(escalaDobleToque(1)).toBe(2.5);
    expect(escalaDobleToque(1.8)).toBe(1);
  });
});

describe('swipes', () => {
  it('a drag to the left far enough is the next image; to the right the previous', () => {
    expect(direccionDeslizamiento(-80, 10)).toBe(1);
    expect(direccionDeslizamiento(90, -5)).toBe(-1);
  });

  it('short or mostly vertical drags are not swipes', () => {
    expect(direccionDeslizamiento(-40, 0)).toBe(0);
    expect(direccionDeslizamiento(-80, 70)).toBe(0);
  });
});
