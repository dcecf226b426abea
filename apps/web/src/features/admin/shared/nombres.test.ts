import { describe, expect, it } from 'vitest';
import { coincide } from './nombres';

describe('coincide', () => {
  const campos = ['Clínica San Martín', '30-71234567-9', 'Av. Rivadavia 1234'];

  it('exige cada palabra, sin importar acentos ni mayúsculas', () => {
    expect(coincide('martin CLINICA', campos)).toBe(true);
    expect(coincide('martin hotel', campos)).toBe(false);
    expect(coincide('  ', campos)).toBe(true);
  });

  it('no cuenta la puntuación que se escribe entre palabras, como el servidor', () => {
    expect(coincide('clínica, martín', campos)).toBe(true);
    expect(coincide('rivadavia.', campos)).toBe(true);
    expect(coincide('san-martin', campos)).toBe(true);
    expect(coincide('30-71234567-9', campos)).toBe(true);
    expect(coincide('clínica, hotel', campos)).toBe(false);
  });
});
