import { describe, expect, it } from 'vitest';
import {
  leerAgrupar,
  porcentajeATiempo,
  textoCumplido,
  textoDecididas,
  textoEnCurso,
  textoPorcentaje,
} from './cumplimiento';

describe('cumplimiento', () => {
  it('reads the grouping of the address, by client when absent or unknown', () => {
    expect(leerAgrupar(new URLSearchParams('por=mes'))).toBe('mes');
    expect(leerAgrupar(new URLSearchParams('por=responsable'))).toBe('responsable');
    expect(leerAgrupar(new URLSearchParams(''))).toBe('cliente');
    expect(leerAgrupar(new URLSearchParams('por=area'))).toBe('cliente');
  });

  it('the share is of the decided targets only, as a percentage', () => {
    expect(porcentajeATiempo({ cumplidas: 3, incumplidas: 1, enCurso: 10 })).toBe(75);
    expect(porcentajeATiempo({ cumplidas: 0, incumplidas: 0, enCurso: 10 })).toBeNull();
    expect(porcentajeATiempo({ cumplidas: 0, incumplidas: 2, enCurso: 0 })).toBe(0);
  });

  it('writes shares and counts in Spanish', () => {
    expect(textoCumplido({ cumplidas: 1000, incumplidas: 200, enCurso: 0 })).toBe('83 %');
    expect(textoCumplido({ cumplidas: 0, incumplidas: 0, enCurso: 3 })).toBe('—');
    expect(textoPorcentaje(Number.NaN)).toBe('—');
    expect(textoDecididas({ cumplidas: 1000, incumplidas: 234, enCurso: 0 })).toBe('1.000 de 1.234 a tiempo');
    expect(textoDecididas({ cumplidas: 0, incumplidas: 0, enCurso: 1 })).toBe('Ninguna decidida todavía');
    expect(textoEnCurso({ cumplidas: 0, incumplidas: 0, enCurso: 1500 })).toBe('1.500 en curso');
    expect(textoEnCurso({ cumplidas: 1, incumplidas: 0, enCurso: 0 })).toBeNull();
  });
});
