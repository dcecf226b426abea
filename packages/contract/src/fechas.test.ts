import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR,
  diaDeMs,
  diaDeTexto,
  esDia,
  esZonaValida,
  finDelDia,
  hoyEn,
  inicioDelDia,
  mediodiaDelDia,
  msDeTexto,
  relojComoUtc,
  sumarDias,
  textoFecha,
  textoFechaHora,
  textoHora,
} from './fechas.js';

const MADRID = 'Europe/Madrid';

// The same answers whatever the zone of the machine running them (Node applies a new TZ at once).
describe.each([
  { tz: 'UTC', desfaseEnero: 0 },
  { tz: 'Europe/Madrid', desfaseEnero: -60 },
  { tz: 'Pacific/Kiritimati', desfaseEnero: -840 },
  { tz: 'America/Argentina/Buenos_Aires', desfaseEnero: 180 },
])('fechas de la empresa con TZ=$tz', ({ tz, desfaseEnero }) => {
  const antes = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (antes === undefined) delete process.env.TZ;
    else process.env.TZ = antes;
  });

  it('the machine really is in that zone (so the cases below mean something)', () => {
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(desfaseEnero);
  });

  it('the company zone is Buenos Aires until companies get a setting', () => {
    expect(AR).toBe('America/Argentina/Buenos_Aires');
    expect(esZonaValida(AR)).toBe(true);
    expect(esZonaValida('Marte/Olympus')).toBe(false);
  });

  it('02/12/2026 in Argentina: first and last millisecond, read back as the same day', () => {
    const inicio = inicioDelDia('2026-12-02', AR);
    const fin = finDelDia('2026-12-02', AR);
    expect(inicio).toBe(Date.UTC(2026, 11, 2, 3));
    expect(fin).toBe(Date.UTC(2026, 11, 3, 2, 59, 59, 999));
    expect(textoFecha(inicio, AR)).toBe('02/12/2026');
    expect(textoFecha(fin, AR)).toBe('02/12/2026');
    expect(textoFecha(fin + 1, AR)).toBe('03/12/2026');
    // The bug of issue 10: the same instant read in Madrid's zone is another day.
    expect(textoFecha(fin, MADRID)).toBe('03/12/2026');
    expect(mediodiaDelDia('2026-12-02', AR)).toBe(Date.UTC(2026, 11, 2, 15));
  });

  it('dd/MM/yyyy text to ms of the company day, and back', () => {
    expect(msDeTexto('02/12/2026', AR)).toBe(Date.UTC(2026, 11, 2, 3));
    expect(msDeTexto('02/12/2026', AR, 'fin')).toBe(Date.UTC(2026, 11, 3, 2, 59, 59, 999));
    expect(msDeTexto(' 02/12/2026 ', 'Pacific/Kiritimati')).toBe(Date.UTC(2026, 11, 1, 10));
    expect(msDeTexto('31/02/2026', AR)).toBeNull();
    expect(textoFecha(msDeTexto('29/02/2028', AR) as number, AR)).toBe('29/02/2028');
  });

  it('refuses days that do not exist or are not written dd/MM/yyyy', () => {
    expect(diaDeTexto('02/12/2026')).toBe('2026-12-02');
    for (const malo of [
      '31/02/2026',
      '29/02/2026',
      '31/04/2026',
      '32/01/2026',
      '00/01/2026',
      '01/13/2026',
      '01/00/2026',
      '2/12/2026',
      '02/12/26',
      '2026-12-02',
      '02/12/0026',
      '',
    ]) {
      expect(diaDeTexto(malo), malo).toBeNull();
    }
    expect(esDia('2028-02-29')).toBe(true);
    expect(esDia('2100-02-29')).toBe(false);
    expect(esDia('2000-02-29')).toBe(true);
    expect(esDia('02/12/2026')).toBe(false);
    expect(() => inicioDelDia('2026-02-30', AR)).toThrow(RangeError);
  });

  it('date and time on the company clock, 24 hours', () => {
    expect(textoFechaHora(Date.UTC(2026, 0, 5, 15, 7), AR)).toBe('05/01/2026 12:07');
    expect(textoFechaHora(Date.UTC(2026, 0, 5, 3, 5), AR)).toBe('05/01/2026 00:05');
    expect(textoFechaHora(Date.UTC(2026, 0, 5, 2, 59), AR)).toBe('04/01/2026 23:59');
    expect(textoHora(Date.UTC(2026, 0, 5, 21, 30), AR)).toBe('18:30');
    expect(textoFechaHora(Date.UTC(2026, 0, 5, 15, 7), 'Pacific/Kiritimati')).toBe('06/01/2026 05:07');
    // The wall clock as UTC fields, for spreadsheet cells.
    expect(relojComoUtc(Date.UTC(2026, 11, 3, 2, 59, 59, 999), AR)).toBe(Date.UTC(2026, 11, 2, 23, 59, 59, 999));
    expect(relojComoUtc(Date.UTC(2026, 6, 1, 10), MADRID)).toBe(Date.UTC(2026, 6, 1, 12));
  });

  it('Madrid: the day DST starts has 23 hours, the day it ends 25', () => {
    expect(inicioDelDia('2026-03-29', MADRID)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(finDelDia('2026-03-29', MADRID)).toBe(Date.UTC(2026, 2, 29, 22) - 1);
    expect(textoFechaHora(Date.UTC(2026, 2, 29, 0, 59), MADRID)).toBe('29/03/2026 01:59');
    expect(textoFechaHora(Date.UTC(2026, 2, 29, 1, 0), MADRID)).toBe('29/03/2026 03:00');
    expect(inicioDelDia('2026-10-25', MADRID)).toBe(Date.UTC(2026, 9, 24, 22));
    expect(finDelDia('2026-10-25', MADRID)).toBe(Date.UTC(2026, 9, 25, 23) - 1);
    expect(textoFechaHora(Date.UTC(2026, 9, 25, 0, 30), MADRID)).toBe('25/10/2026 02:30');
    expect(textoFechaHora(Date.UTC(2026, 9, 25, 1, 30), MADRID)).toBe('25/10/2026 02:30');
    expect(msDeTexto('29/03/2026', MADRID, 'fin')).toBe(Date.UTC(2026, 2, 29, 22) - 1);
  });

  it('a zone whose midnight is skipped (Chile): the day starts at 01:00', () => {
    const inicio = inicioDelDia('2026-09-06', 'America/Santiago');
    expect(textoFechaHora(inicio, 'America/Santiago')).toBe('06/09/2026 01:00');
    expect(diaDeMs(inicio - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('every day, in every zone: its first and last millisecond belong to it, their neighbours do not', () => {
    const zonas = fc.constantFrom(AR, MADRID, 'UTC', 'Pacific/Kiritimati', 'America/Santiago', 'Pacific/Honolulu');
    const dias = fc.integer({ min: 0, max: 40_000 }).map((n) => sumarDias('1970-01-01', n));
    // Kiritimati crossed the date line at the end of 1994: its 31/12/1994 has no millisecond, so that
    // day is no case and its neighbours' neighbour is the day beyond it.
    const SIN_DIA: Partial<Record<string, string>> = { 'Pacific/Kiritimati': '1994-12-31' };
    const vecino = (dia: string, zona: string, paso: 1 | -1) => {
      const junto = sumarDias(dia, paso);
      return junto === SIN_DIA[zona] ? sumarDias(dia, 2 * paso) : junto;
    };
    fc.assert(
      fc.property(dias, zonas, (dia, zona) => {
        fc.pre(dia !== SIN_DIA[zona]);
        const inicio = inicioDelDia(dia, zona);
        const fin = finDelDia(dia, zona);
        expect(diaDeMs(inicio, zona)).toBe(dia);
        expect(diaDeMs(fin, zona)).toBe(dia);
        expect(diaDeMs(inicio - 1, zona)).toBe(vecino(dia, zona, -1));
        expect(diaDeMs(fin + 1, zona)).toBe(vecino(dia, zona, 1));
        expect(diaDeTexto(textoFecha(mediodiaDelDia(dia, zona), zona))).toBe(dia);
      }),
      {
        numRuns: 300,
        examples: [
          ['1994-12-30', 'Pacific/Kiritimati'],
          ['1995-01-01', 'Pacific/Kiritimati'],
        ],
      },
    );
  });

  it('adds days across months, years and leap days', () => {
    expect(sumarDias('2026-12-31', 1)).toBe('2027-01-01');
    expect(sumarDias('2028-02-28', 1)).toBe('2028-02-29');
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(hoyEn(AR, Date.UTC(2026, 11, 3, 2, 59))).toBe('2026-12-02');
    expect(hoyEn(MADRID, Date.UTC(2026, 11, 3, 2, 59))).toBe('2026-12-03');
  });
});
