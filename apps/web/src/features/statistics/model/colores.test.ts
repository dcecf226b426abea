import { ESTADOS, type Grafico } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { coloresDeEtiquetas, PALETA } from '../../../components/grafico/paleta';
import { coloresDeGrafico } from './colores';

/** The theme's values of the state colours (apps/web/src/theme/variables.css). */
const TEMA: Record<string, string> = {
  medium: '#5f6b7a',
  primary: '#1d5fb8',
  warning: '#e6a100',
  success: '#2e8540',
  danger: '#c62828',
};
const delTema = (nombre: string) => TEMA[nombre] ?? null;

function grafico(nombre: string, claves: string[]): Pick<Grafico, 'grafico' | 'categorias'> {
  return {
    grafico: nombre,
    categorias: claves.map((clave) => ({ clave, nombre: clave, cantidad: 1, filtro: null })),
  };
}

describe('colours of the charts', () => {
  it('a chart of order states paints each state with its badge colour', () => {
    const porEstado = grafico(
      'ordenes-por-estado',
      ESTADOS.map((e) => String(e.id)),
    );
    expect(coloresDeGrafico(porEstado)).toEqual(['medium', 'primary', 'warning', 'success', 'danger']);
    // Finalizada's segment is the theme's success green, as its badge; Cancelada red.
    const pintados = coloresDeEtiquetas(5, coloresDeGrafico(porEstado), delTema);
    expect(pintados).toEqual(['#5f6b7a', '#1d5fb8', '#e6a100', '#2e8540', '#c62828']);
  });

  it('the dashboard’s open orders keep each state’s colour whatever states are there', () => {
    const abiertas = grafico('abiertas-por-estado', ['3', '2']);
    expect(coloresDeEtiquetas(2, coloresDeGrafico(abiertas), delTema)).toEqual(['#e6a100', '#1d5fb8']);
  });

  it('other charts keep the palette', () => {
    const porTipo = grafico('ordenes-por-tipo', ['1', '2', '3']);
    expect(coloresDeGrafico(porTipo)).toBeUndefined();
    expect(coloresDeEtiquetas(3, coloresDeGrafico(porTipo), delTema)).toEqual(PALETA.slice(0, 3));
  });
});
