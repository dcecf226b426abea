import { describe, expect, it } from 'vitest';
import { erroresDelArchivo } from './e5s-catalogo';

describe('erroresDelArchivo', () => {
  it("splits the server's message into one entry per wrong line", () => {
    const mensaje =
      'El archivo tiene errores. Línea 3: falta la clave. Línea 5: la clave "A1" ya aparece en la línea 2. … y 4 errores más.';
    expect(erroresDelArchivo(mensaje)).toEqual({
      intro: 'El archivo tiene errores.',
      lineas: ['Línea 3: falta la clave.', 'Línea 5: la clave "A1" ya aparece en la línea 2.', '… y 4 errores más.'],
    });
  });

  it('keeps a message without lines as the introduction', () => {
    expect(erroresDelArchivo('El archivo está vacío.')).toEqual({ intro: 'El archivo está vacío.', lineas: [] });
  });
});
