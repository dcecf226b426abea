import { afterEach, describe, expect, it } from 'vitest';
import { colorDelTema, coloresDeEtiquetas, PALETA } from './paleta';

afterEach(() => {
  document.body.replaceChildren();
});

describe('paleta', () => {
  it('reads an Ionic theme colour where the chart is, and nothing when the theme lacks it', () => {
    const contenedor = document.createElement('div');
    contenedor.style.setProperty('--ion-color-success', ' #2e8540');
    document.body.append(contenedor);
    expect(colorDelTema(contenedor, 'success')).toBe('#2e8540');
    expect(colorDelTema(contenedor, 'tertiary')).toBeNull();
  });

  it('a label without a colour, or with one the theme lacks, takes the palette’s by position', () => {
    const resolver = (nombre: string) => (nombre === 'danger' ? '#c62828' : null);
    expect(coloresDeEtiquetas(3, [null, 'danger', 'tertiary'], resolver)).toEqual([PALETA[0], '#c62828', PALETA[2]]);
    expect(coloresDeEtiquetas(2, undefined, resolver)).toEqual([PALETA[0], PALETA[1]]);
  });
});
