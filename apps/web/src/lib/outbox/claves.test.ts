import { describe, expect, it } from 'vitest';
import { claveDerivada, idsSubidos } from './claves';

describe('claves de los cambios en dos llamadas', () => {
  it('deriva otra UUID, estable y distinta', () => {
    const clave = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(claveDerivada(clave)).toBe('0f8fad5b-d9cb-469f-a165-70867728950f');
    expect(claveDerivada(claveDerivada(clave))).toBe(clave);
    expect(claveDerivada('0f8fad5b-d9cb-469f-a165-70867728950f')).not.toBe('0f8fad5b-d9cb-469f-a165-70867728950f');
  });

  it('encuentra los archivos que agregó una subida', () => {
    const lista = [
      { id: 4, esImagen: true },
      { id: 9, esImagen: true },
      { id: 10, esImagen: false },
      { id: 8, esImagen: true },
    ];
    expect(idsSubidos(lista, 2)).toEqual([8, 9]);
    expect(idsSubidos(lista, 0)).toEqual([]);
  });
});
