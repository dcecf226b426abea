import { describe, expect, it } from 'vitest';
import {
  atajoDe,
  consultaConRango,
  cuandoDeRango,
  cuerpoDeRango,
  leerRango,
  problemaDeRango,
  rangoDeAtajo,
  rangoPorDefecto,
  textoDeRango,
} from './rango';

const AR = 'America/Argentina/Buenos_Aires';

describe('statistics range', () => {
  it('defaults to the current month of the company, in a leap year too', () => {
    expect(rangoPorDefecto('2026-11-24')).toEqual({ desde: '2026-11-01', hasta: '2026-11-30' });
    expect(rangoPorDefecto('2028-02-10')).toEqual({ desde: '2028-02-01', hasta: '2028-02-29' });
  });

  it('quick choices count from today, and the chip of a range is found back', () => {
    const hoy = '2026-01-15';
    expect(rangoDeAtajo('mesAnterior', hoy)).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
    expect(rangoDeAtajo('ultimos30', hoy)).toEqual({ desde: '2025-12-17', hasta: '2026-01-15' });
    expect(rangoDeAtajo('esteAnio', hoy)).toEqual({ desde: '2026-01-01', hasta: '2026-12-31' });
    expect(atajoDe({ desde: '2025-12-01', hasta: '2025-12-31' }, hoy)).toBe('mesAnterior');
    expect(atajoDe({ desde: '2025-12-02', hasta: '2025-12-31' }, hoy)).toBeNull();
  });

  it('says in Spanish why a range cannot be asked for (the server’s rules)', () => {
    expect(problemaDeRango('2026-11-01', '2026-11-30')).toBeNull();
    expect(problemaDeRango('', '2026-11-30')).toMatch(/«Desde»/);
    expect(problemaDeRango('2026-11-01', '31/11/2026')).toMatch(/«Hasta»/);
    expect(problemaDeRango('2026-12-01', '2026-11-30')).toBe('La fecha «Desde» no puede ser posterior a «Hasta».');
    // Five years exactly is accepted; a day more is not.
    expect(problemaDeRango('2021-11-01', '2026-11-01')).toBeNull();
    expect(problemaDeRango('2021-11-01', '2026-11-02')).toBe('El período no puede superar los 5 años.');
  });

  it('reads the range from the address, falling back to this month when it is missing or wrong', () => {
    const hoy = '2026-11-24';
    expect(leerRango(new URLSearchParams('desde=2026-10-01&hasta=2026-10-15'), hoy)).toEqual({
      desde: '2026-10-01',
      hasta: '2026-10-15',
    });
    expect(leerRango(new URLSearchParams('desde=2026-10-20&hasta=2026-10-15'), hoy)).toEqual(rangoPorDefecto(hoy));
    expect(leerRango(new URLSearchParams('desde=ayer'), hoy)).toEqual(rangoPorDefecto(hoy));
    expect(consultaConRango({ desde: '2026-10-01', hasta: '2026-10-15' }, { tipo: '3' })).toBe(
      '?desde=2026-10-01&hasta=2026-10-15&tipo=3',
    );
  });

  it('sends whole Argentina days: from 00:00 of «desde» (UTC-3) to the last ms of «hasta»', () => {
    expect(cuerpoDeRango({ desde: '2026-11-01', hasta: '2026-11-30' }, AR)).toEqual({
      fechaDesde: Date.UTC(2026, 10, 1, 3, 0, 0, 0),
      fechaHasta: Date.UTC(2026, 11, 1, 3, 0, 0, 0) - 1,
    });
  });

  it('names a whole month by its name, one day by its date, else «del … al …»', () => {
    expect(textoDeRango({ desde: '2026-11-01', hasta: '2026-11-30' })).toBe('noviembre de 2026');
    expect(textoDeRango({ desde: '2026-11-01', hasta: '2026-11-15' })).toBe('del 01/11/2026 al 15/11/2026');
    expect(textoDeRango({ desde: '2026-01-01', hasta: '2026-12-31' })).toBe('del 01/01/2026 al 31/12/2026');
    expect(textoDeRango({ desde: '2026-11-05', hasta: '2026-11-05' })).toBe('05/11/2026');
  });

  it('says when, inside a sentence: «en» a month, «el» a day, «entre el … y el …» two days', () => {
    expect(cuandoDeRango({ desde: '2026-11-01', hasta: '2026-11-30' })).toBe('en noviembre de 2026');
    expect(cuandoDeRango({ desde: '2019-03-15', hasta: '2019-04-20' })).toBe('entre el 15/03/2019 y el 20/04/2019');
    expect(cuandoDeRango({ desde: '2026-11-05', hasta: '2026-11-05' })).toBe('el 05/11/2026');
  });
});
