import { describe, expect, it } from 'vitest';
import { claveDerivada, idsSubidos, respuestaConFotos } from './claves';

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

  it('una foto responde un ítem de foto; en otro ítem va como evidencia de su respuesta', () => {
    expect(respuestaConFotos({ itemId: 3, previas: [7] }, [8, 9])).toEqual({ tipo: 'foto', archivos: [7, 8, 9] });
    expect(
      respuestaConFotos(
        { itemId: 4, previas: [], nota: 'Junta rota', respuesta: { tipo: 'pasa_falla', resultado: 'falla' } },
        [12],
      ),
    ).toEqual({ tipo: 'pasa_falla', resultado: 'falla', nota: 'Junta rota', archivos: [12] });
  });
});
