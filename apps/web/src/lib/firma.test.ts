import { describe, expect, it } from 'vitest';
import { bytesDeDataUrl, FIRMA_MAX_BYTES, hayFirma, largoDeTrazos, problemaDeFirma, puntoEnCanvas } from './firma';

describe('firma', () => {
  it('mide la tinta de los trazos', () => {
    expect(
      largoDeTrazos([
        [
          { x: 0, y: 0 },
          { x: 3, y: 4 },
        ],
        [{ x: 10, y: 10 }],
      ]),
    ).toBe(5);
  });

  it('un toque no es una firma; un trazo largo sí', () => {
    expect(hayFirma([[{ x: 1, y: 1 }]])).toBe(false);
    expect(hayFirma([])).toBe(false);
    expect(
      hayFirma([
        [
          { x: 0, y: 0 },
          { x: 30, y: 0 },
        ],
      ]),
    ).toBe(true);
  });

  it('lleva el punto del evento a los píxeles del lienzo', () => {
    const p = puntoEnCanvas(
      { clientX: 60, clientY: 30 },
      { left: 10, top: 10, width: 100, height: 50 },
      { width: 200, height: 100 },
    );
    expect(p).toEqual({ x: 100, y: 40 });
  });

  it('cuenta los bytes de una data URL en base64', () => {
    expect(bytesDeDataUrl('data:image/png;base64,AAAA')).toBe(3);
    expect(bytesDeDataUrl('data:image/png;base64,AAA=')).toBe(2);
    expect(bytesDeDataUrl('data:image/png;base64,AA==')).toBe(1);
  });

  it('explica en español qué le falta a la firma', () => {
    const trazo = [
      [
        { x: 0, y: 0 },
        { x: 40, y: 0 },
      ],
    ];
    expect(problemaDeFirma([], 'data:image/png;base64,AAAA')).toMatch(/Firme dentro/);
    expect(problemaDeFirma(trazo, 'data:image/jpeg;base64,AAAA')).toMatch(/PNG/);
    const grande = `data:image/png;base64,${'A'.repeat(Math.ceil((FIRMA_MAX_BYTES + 10) / 3) * 4)}`;
    expect(problemaDeFirma(trazo, grande)).toMatch(/200 KB/);
    expect(problemaDeFirma(trazo, 'data:image/png;base64,AAAA')).toBeNull();
  });
});
