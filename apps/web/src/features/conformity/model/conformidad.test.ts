import { describe, expect, it } from 'vitest';
import { colorEstadoConformidad, problemaDeDni, textoEstadoConformidad, textoRequerida } from './conformidad';

describe('conformidad', () => {
  it('dice el estado en español', () => {
    expect(textoEstadoConformidad({ estado: 'pendiente' })).toBe('Pendiente');
    expect(textoEstadoConformidad({ estado: 'conforme' })).toBe('Conforme');
    expect(textoEstadoConformidad({ estado: 'no_conforme' })).toBe('No conforme');
    expect(colorEstadoConformidad({ estado: 'no_conforme' })).toBe('danger');
  });

  it('dice cuándo la pide el tipo de orden', () => {
    expect(textoRequerida({ requerida: 'no' })).toBeNull();
    expect(textoRequerida({ requerida: 'antes_de_finalizar' })).toBe('Este tipo de orden la pide antes de finalizar.');
  });

  it('acepta un DNI de 7 u 8 dígitos, con o sin puntos, o vacío', () => {
    expect(problemaDeDni('')).toBeNull();
    expect(problemaDeDni('12.345.678')).toBeNull();
    expect(problemaDeDni('1234567')).toBeNull();
    expect(problemaDeDni('12a45678')).toMatch(/DNI/);
    expect(problemaDeDni('123')).toMatch(/DNI/);
  });
});
