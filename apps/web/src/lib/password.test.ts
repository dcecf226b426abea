import { describe, expect, it } from 'vitest';
import { fuerzaPassword, problemasPasswordNueva } from './password';

describe('fuerzaPassword', () => {
  it.each([
    ['Demo12', 1, 'Muy corta'],
    ['12345678', 1, 'Débil'],
    ['MiPassword2026', 1, 'Débil'],
    ['tornillos', 1, 'Débil'],
    ['tornillo24', 2, 'Aceptable'],
    ['Taller-2026!', 3, 'Buena'],
    ['Tornillos-y-tuercas-9', 4, 'Fuerte'],
  ])('%s is %s (%s)', (password, nivel, titulo) => {
    expect(fuerzaPassword(password)).toMatchObject({ nivel, titulo });
  });
});

describe('problemasPasswordNueva', () => {
  it('asks for both, then for a long enough one, then for the same twice', () => {
    expect(problemasPasswordNueva('', '')).toEqual({
      password: 'Ingrese la contraseña.',
      repetida: 'Repita la contraseña.',
    });
    expect(problemasPasswordNueva('corta', 'corta')).toEqual({
      password: 'La contraseña debe tener al menos 8 caracteres.',
    });
    expect(problemasPasswordNueva('Taller-2026!', 'Taller-2026?')).toEqual({
      repetida: 'Las contraseñas no coinciden.',
    });
    expect(problemasPasswordNueva('Taller-2026!', 'Taller-2026!')).toEqual({});
  });
});
