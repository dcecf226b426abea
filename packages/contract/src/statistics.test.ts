import { describe, expect, it } from 'vitest';
import {
  GRAFICOS,
  MENSAJES_RANGO,
  mesActual,
  rangoEstadisticas,
  zExportDemoraQuery,
  zParamsGrafico,
  zRangoEstadisticas,
} from './statistics.js';

const ZONA = 'America/Argentina/Buenos_Aires';

describe('rangoEstadisticas', () => {
  it('lee cada ms como su día de Argentina, del primer al último ms', () => {
    // 01/03/2026 23:30 ART is 02/03 02:30 UTC: the day is 01/03.
    const r = rangoEstadisticas(Date.UTC(2026, 2, 2, 2, 30), Date.UTC(2026, 2, 31, 3), ZONA);
    expect(r).toEqual({
      ok: true,
      rango: {
        desde: '2026-03-01',
        hasta: '2026-03-31',
        desdeMs: Date.UTC(2026, 2, 1, 3),
        hastaMs: Date.UTC(2026, 3, 1, 2, 59, 59, 999),
      },
    });
  });

  it('sin fechas: el rango de SPEC §9; una sola fecha toma el otro borde de ahí', () => {
    const r = rangoEstadisticas(null, undefined, ZONA);
    expect(r.ok && [r.rango.desde, r.rango.hasta]).toEqual(['2019-06-01', '2019-10-30']);
    const soloDesde = rangoEstadisticas(Date.UTC(2019, 6, 1, 12), null, ZONA);
    expect(soloDesde.ok && [soloDesde.rango.desde, soloDesde.rango.hasta]).toEqual(['2019-07-01', '2019-10-30']);
  });

  it('un día solo es válido; desde después de hasta no; hasta 5 años exactos', () => {
    const dia = Date.UTC(2026, 2, 5, 15);
    expect(rangoEstadisticas(dia, dia, ZONA).ok).toBe(true);
    expect(rangoEstadisticas(Date.UTC(2026, 2, 6, 15), dia, ZONA)).toEqual({ ok: false, motivo: 'desdeMayor' });
    expect(rangoEstadisticas(Date.UTC(2020, 1, 29, 15), Date.UTC(2025, 2, 1, 15), ZONA).ok).toBe(true);
    for (const malo of [1e308, -1, 1.5, Number.NaN, 1.2345678901234568e29]) {
      expect(rangoEstadisticas(malo, null, ZONA)).toEqual({ ok: false, motivo: 'fechaInvalida' });
      expect(rangoEstadisticas(null, malo, ZONA)).toEqual({ ok: false, motivo: 'fechaInvalida' });
    }
    expect(rangoEstadisticas(Date.UTC(2020, 1, 29, 15), Date.UTC(2025, 2, 2, 15), ZONA)).toEqual({
      ok: false,
      motivo: 'demasiadoLargo',
    });
  });
});

describe('mesActual', () => {
  it('del 1 al último día del mes de Argentina', () => {
    // 01/04/2026 01:00 UTC is still 31/03 in Argentina.
    const m = mesActual(ZONA, Date.UTC(2026, 3, 1, 1));
    expect([m.desde, m.hasta]).toEqual(['2026-03-01', '2026-03-31']);
    const dic = mesActual(ZONA, Date.UTC(2026, 11, 15, 12));
    expect([dic.desde, dic.hasta]).toEqual(['2026-12-01', '2026-12-31']);
    const feb = mesActual(ZONA, Date.UTC(2028, 1, 10, 12));
    expect(feb.hasta).toBe('2028-02-29');
  });
});

describe('esquemas', () => {
  it('la lista cerrada de gráficos', () => {
    expect(zParamsGrafico.safeParse({ grafico: GRAFICOS[0] }).success).toBe(true);
    const r = zParamsGrafico.safeParse({ grafico: 'torta' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('El gráfico no existe');
  });

  it('el rango: números enteros, desde no mayor que hasta', () => {
    expect(zRangoEstadisticas.safeParse({}).success).toBe(true);
    expect(zRangoEstadisticas.safeParse({ fechaDesde: '1' }).success).toBe(false);
    expect(zRangoEstadisticas.safeParse({ fechaDesde: 1.5 }).success).toBe(false);
    // Out of range: one issue, on its own field, never an exception.
    const extremo = zRangoEstadisticas.safeParse({ fechaDesde: 1e308, fechaHasta: -9007199254740992 });
    expect(new Set(extremo.error?.issues.map((i) => i.path[0]))).toEqual(new Set(['fechaDesde', 'fechaHasta']));
    const r = zRangoEstadisticas.safeParse({ fechaDesde: Date.UTC(2026, 2, 2), fechaHasta: Date.UTC(2026, 2, 1) });
    expect(r.error?.issues[0]).toMatchObject({ message: MENSAJES_RANGO.desdeMayor, path: ['fechaHasta'] });
  });

  it('la consulta de la exportación: fechas en ms como texto y el token', () => {
    expect(zExportDemoraQuery.parse({ fechaDesde: '1772334000000', access: 'x' })).toEqual({
      fechaDesde: 1772334000000,
      access: 'x',
    });
    expect(zExportDemoraQuery.safeParse({ fechaDesde: '1e12', access: 'x' }).success).toBe(false);
    expect(zExportDemoraQuery.safeParse({}).success).toBe(false);
  });
});
