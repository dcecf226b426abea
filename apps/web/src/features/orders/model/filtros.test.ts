import { ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  FILTROS_INICIALES,
  alternarEstado,
  consultaDeFiltros,
  cuerpoDeFiltros,
  escribirFiltros,
  filtrosAvanzados,
  hayFiltros,
  leerFiltros,
  limpiarFiltros,
  normalizarEstados,
  quitarFiltro,
  type FiltrosLista,
} from './filtros';

const leer = (q: string) => leerFiltros(new URLSearchParams(q));

describe('filters in the address', () => {
  it('an empty address is the default list: open orders, most recent first', () => {
    expect(leer('')).toEqual(FILTROS_INICIALES);
    expect(consultaDeFiltros(FILTROS_INICIALES)).toBe('');
  });

  it('round-trips every filter', () => {
    const f: FiltrosLista = {
      estados: [1, 4],
      vencidas: true,
      sla: 'por-vencer',
      cliente: 3,
      ubicacion: 7,
      equipo: 5,
      responsable: 4,
      tipo: 2,
      area: 6,
      prioridad: 4,
      fechaDesde: '2026-10-01',
      fechaHasta: '2026-10-31',
      campoFecha: 'fechaFin',
      buscar: 'bomba',
      orden: 'vencimiento',
    };
    const q = escribirFiltros(f).toString();
    expect(q).toBe(
      'estados=1%2C4&vencidas=1&sla=por-vencer&cliente=3&ubicacion=7&equipo=5&responsable=4&tipo=2&area=6&prioridad=4&desde=2026-10-01&hasta=2026-10-31&fecha=fechaFin&q=bomba&orden=vencimiento',
    );
    expect(leer(q)).toEqual(f);
  });

  it('ignores what is malformed instead of failing', () => {
    expect(leer('cliente=abc&tipo=-1&desde=2026-02-31&hasta=ayer&orden=x&fecha=y&estados=9,z&sla=pronto')).toEqual(
      FILTROS_INICIALES,
    );
  });

  it('reads the presets and recognises a set that is one of them', () => {
    expect(leer('estados=todas').estados).toBe('todas');
    expect(leer('estados=3,1,2').estados).toBe('abiertas');
    expect(leer('estados=1,2,3,4,5').estados).toBe('todas');
    expect(leer('estados=4').estados).toEqual([4]);
  });
});

describe('filters -> body of POST /api/v4/ordenes/all/filtered', () => {
  it('the default asks for the open states (1, 2, 3), 25 a page', () => {
    expect(cuerpoDeFiltros(FILTROS_INICIALES, AR)).toEqual({
      estados: [1, 2, 3],
      cliente: null,
      ubicacion: null,
      equipo: null,
      responsable: null,
      tipo: null,
      area: null,
      prioridad: null,
      fechaDesde: null,
      fechaHasta: null,
      campoFecha: 'creada',
      vencidas: null,
      buscar: null,
      orden: 'recientes',
      porPagina: 25,
    });
  });

  it("'Todas' sends no states (every state); a set sends its ids", () => {
    expect(cuerpoDeFiltros({ ...FILTROS_INICIALES, estados: 'todas' }, AR).estados).toBeNull();
    expect(cuerpoDeFiltros({ ...FILTROS_INICIALES, estados: [5] }, AR).estados).toEqual([5]);
  });

  it('sends ids, the trimmed search (#123 included) and the whole days of the range', () => {
    const cuerpo = cuerpoDeFiltros(
      {
        ...FILTROS_INICIALES,
        cliente: 3,
        responsable: 4,
        vencidas: true,
        buscar: '  #123 ',
        fechaDesde: '2026-10-01',
        fechaHasta: '2026-10-31',
        campoFecha: 'fechaInicio',
      },
      AR,
    );
    expect(cuerpo).toMatchObject({
      cliente: 3,
      responsable: 4,
      vencidas: true,
      buscar: '#123',
      campoFecha: 'fechaInicio',
    });
    // Whole days of the company (Argentina, UTC−3), whatever the device's zone.
    expect(cuerpo.fechaDesde).toBe(Date.UTC(2026, 9, 1, 3));
    expect(cuerpo.fechaHasta).toBe(Date.UTC(2026, 10, 1, 2, 59, 59, 999));
    const enMadrid = cuerpoDeFiltros(
      { ...FILTROS_INICIALES, fechaDesde: '2026-10-25', fechaHasta: '2026-10-25' },
      'Europe/Madrid',
    );
    expect((enMadrid.fechaHasta as number) - (enMadrid.fechaDesde as number)).toBe(25 * 3600_000 - 1);
  });

  it('the service-level filter (issue 34) is sent only when chosen: the default body stays the first-stage Inicio’s', () => {
    expect(cuerpoDeFiltros(FILTROS_INICIALES, AR)).not.toHaveProperty('sla');
    expect(cuerpoDeFiltros({ ...FILTROS_INICIALES, sla: 'vencidas' }, AR).sla).toBe('vencidas');
    expect(cuerpoDeFiltros({ ...FILTROS_INICIALES, sla: 'por-vencer' }, AR).sla).toBe('por-vencer');
  });

  it('a blank search sends nothing', () => {
    expect(cuerpoDeFiltros({ ...FILTROS_INICIALES, buscar: '   ' }, AR).buscar).toBeNull();
  });
});

describe('state chips', () => {
  it('from a preset, a state chip picks that state alone', () => {
    expect(alternarEstado('abiertas', 4)).toEqual([4]);
    expect(alternarEstado('todas', 2)).toEqual([2]);
  });

  it('within a set, a chip adds or removes its state; an empty set is back to Abiertas', () => {
    expect(alternarEstado([4], 5)).toEqual([4, 5]);
    expect(alternarEstado([4, 5], 4)).toEqual([5]);
    expect(alternarEstado([5], 5)).toBe('abiertas');
    expect(alternarEstado([1, 2], 3)).toBe('abiertas');
  });

  it('normalises sets', () => {
    expect(normalizarEstados([])).toBe('todas');
    expect(normalizarEstados([4, 4, 1, 99])).toEqual([1, 4]);
  });
});

describe('filters chosen on the filters screen', () => {
  const f: FiltrosLista = {
    ...FILTROS_INICIALES,
    cliente: 3,
    fechaHasta: '2026-10-31',
    campoFecha: 'fechaFin',
    buscar: 'x',
    orden: 'numero',
  };

  it('lists the ones in use and removes each', () => {
    expect(filtrosAvanzados(f)).toEqual(['cliente', 'fechas']);
    expect(quitarFiltro(f, 'cliente').cliente).toBeNull();
    expect(quitarFiltro(f, 'fechas')).toMatchObject({ fechaDesde: null, fechaHasta: null, campoFecha: 'creada' });
  });

  it('a site and an equipo go with their client: removing the client or the site removes what hangs from it', () => {
    const g: FiltrosLista = { ...f, ubicacion: 7, equipo: 5 };
    expect(filtrosAvanzados(g)).toEqual(['cliente', 'ubicacion', 'equipo', 'fechas']);
    expect(quitarFiltro(g, 'cliente')).toMatchObject({ cliente: null, ubicacion: null, equipo: null });
    expect(quitarFiltro(g, 'ubicacion')).toMatchObject({ cliente: 3, ubicacion: null, equipo: null });
    expect(quitarFiltro(g, 'equipo')).toMatchObject({ cliente: 3, ubicacion: 7, equipo: null });
    expect(cuerpoDeFiltros(g, AR)).toMatchObject({ cliente: 3, ubicacion: 7, equipo: 5 });
  });

  it('the service-level filter (issue 34) is one of them: a removable chip that clearing removes too', () => {
    const g: FiltrosLista = { ...FILTROS_INICIALES, sla: 'vencidas' };
    expect(leer('sla=vencidas')).toEqual(g);
    expect(consultaDeFiltros(g)).toBe('?sla=vencidas');
    expect(filtrosAvanzados(g)).toEqual(['sla']);
    expect(hayFiltros(g)).toBe(true);
    expect(quitarFiltro(g, 'sla')).toEqual(FILTROS_INICIALES);
    expect(limpiarFiltros(g)).toEqual(FILTROS_INICIALES);
  });

  it('clearing keeps only the sort', () => {
    expect(hayFiltros(f)).toBe(true);
    expect(limpiarFiltros(f)).toEqual({ ...FILTROS_INICIALES, orden: 'numero' });
    expect(hayFiltros(limpiarFiltros(f))).toBe(false);
  });

  it('a day that does not exist in the address is ignored', () => {
    expect(leer('desde=2026-02-31&hasta=2026-02-28')).toMatchObject({ fechaDesde: null, fechaHasta: '2026-02-28' });
  });
});
