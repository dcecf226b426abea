import { describe, expect, it } from 'vitest';
import { textoConformidad, textoPrimeraVez } from './calidad';

describe('cifras de calidad', () => {
  it('a la primera: el porcentaje y de cuántas finalizadas', () => {
    expect(textoPrimeraVez({ finalizadas: 10, sinSeguimiento: 8, porcentajePrimeraVez: 80 })).toBe('80 % (8 de 10)');
  });
  it('conformidad: sobre quienes respondieron, no sobre todas las finalizadas', () => {
    expect(textoConformidad({ finalizadas: 10, conformes: 3, noConformes: 1, porcentajeConformidad: 75 })).toBe(
      '75 % (3 de 4)',
    );
  });
  it('sin nada que medir, o un servidor que no manda los campos: «—»', () => {
    expect(textoPrimeraVez({ finalizadas: 0, sinSeguimiento: 0, porcentajePrimeraVez: null })).toBe('—');
    expect(textoPrimeraVez({ finalizadas: 4 })).toBe('—');
    expect(textoConformidad({ finalizadas: 4, conformes: 0, noConformes: 0, porcentajeConformidad: null })).toBe('—');
  });
});
