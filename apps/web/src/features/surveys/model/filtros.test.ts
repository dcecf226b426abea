import { describe, expect, it } from 'vitest';
import { consultaDeFiltros, etiquetaMes, problemaDeFiltros, ultimos12Meses } from './filtros';

const ZONA = 'America/Argentina/Buenos_Aires';
const vacio = { desde: '', hasta: '', cliente: null, responsable: null, tipoOrden: null };

describe('consultaDeFiltros', () => {
  it('turns the days into the first and last ms of the company day, and leaves out what is not chosen', () => {
    expect(consultaDeFiltros(vacio, ZONA)).toEqual({});
    const q = consultaDeFiltros({ ...vacio, desde: '2026-11-01', hasta: '2026-11-30', cliente: 4 }, ZONA);
    // Buenos Aires is UTC-3: 00:00 there is 03:00 UTC.
    expect(q).toEqual({
      fechaDesde: Date.UTC(2026, 10, 1, 3),
      fechaHasta: Date.UTC(2026, 11, 1, 3) - 1,
      cliente: 4,
    });
  });
});

describe('problemaDeFiltros', () => {
  it('refuses a range the wrong way round or a day that is not one', () => {
    expect(problemaDeFiltros(vacio)).toBeNull();
    expect(problemaDeFiltros({ ...vacio, desde: '2026-12-01', hasta: '2026-11-01' })).toMatch(/posterior/);
    expect(problemaDeFiltros({ ...vacio, desde: '31/02/2026' })).toMatch(/no es válida/);
  });
});

describe('períodos y meses', () => {
  it('the last 12 months start on the first of the same month a year before', () => {
    expect(ultimos12Meses('2026-11-24')).toEqual({ desde: '2025-11-01', hasta: '2026-11-24' });
  });
  it('names months in Spanish', () => {
    expect(etiquetaMes('2026-01')).toBe('ene 2026');
    expect(etiquetaMes('2026-12')).toBe('dic 2026');
  });
});
