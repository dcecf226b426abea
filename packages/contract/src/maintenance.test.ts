import { describe, expect, it } from 'vitest';
import { hoyEn } from './fechas.js';
import {
  diaDeSemana,
  fechasDeRegla,
  MENSAJES_MANTENIMIENTO,
  ordenesPorAnio,
  proximasFechas,
  zMantenimientoGuardar,
  zReglaRecurrencia,
  type ReglaRecurrencia,
} from './maintenance.js';

const sinFin = (inicio: string) => ({ inicio, fin: null });
const regla = (r: unknown) => zReglaRecurrencia.parse(r) as ReglaRecurrencia;

describe('reglas de recurrencia', () => {
  it('cada N días desde el inicio, saltando hasta «desde» sin perder el paso', () => {
    const r = regla({ tipo: 'dias', cada: 10 });
    expect(fechasDeRegla(r, sinFin('2026-01-01'), '2026-01-01', null, 4)).toEqual([
      '2026-01-01',
      '2026-01-11',
      '2026-01-21',
      '2026-01-31',
    ]);
    // From a later day the steps stay anchored on the start (2026-02-10, not 2026-02-05).
    expect(fechasDeRegla(r, sinFin('2026-01-01'), '2026-02-05', null, 2)).toEqual(['2026-02-10', '2026-02-20']);
    // Across the end of February of a leap year.
    expect(fechasDeRegla(regla({ tipo: 'dias', cada: 1 }), sinFin('2028-02-28'), '2028-02-28', null, 3)).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('cada N semanas en los días elegidos, contando desde la semana del inicio', () => {
    // 2026-01-07 is a Wednesday; every 2 weeks on Monday and Friday.
    expect(diaDeSemana('2026-01-07')).toBe(3);
    const r = regla({ tipo: 'semanas', cada: 2, diasSemana: [5, 1] });
    expect(fechasDeRegla(r, sinFin('2026-01-07'), '2026-01-01', null, 5)).toEqual([
      '2026-01-09', // the start week's Monday (01-05) is before the start
      '2026-01-19',
      '2026-01-23',
      '2026-02-02',
      '2026-02-06',
    ]);
    // Sunday is 7, the last day of the ISO week.
    expect(
      fechasDeRegla(regla({ tipo: 'semanas', cada: 1, diasSemana: [7] }), sinFin('2026-01-05'), '2026-01-05', null, 2),
    ).toEqual(['2026-01-11', '2026-01-18']);
  });

  it('cada N meses el día elegido; el 31 es el último día de cada mes, con años bisiestos', () => {
    const r = regla({ tipo: 'meses', cada: 1, dia: 31 });
    expect(fechasDeRegla(r, sinFin('2028-01-15'), '2028-01-01', null, 4)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
    expect(
      fechasDeRegla(regla({ tipo: 'meses', cada: 1, dia: 30 }), sinFin('2027-01-30'), '2027-01-01', null, 2),
    ).toEqual(['2027-01-30', '2027-02-28']);
    // Every 3 months from the start's month, across the year.
    expect(
      fechasDeRegla(regla({ tipo: 'meses', cada: 3, dia: 5 }), sinFin('2026-11-10'), '2026-11-01', null, 3),
    ).toEqual(['2027-02-05', '2027-05-05', '2027-08-05']);
  });

  it('respeta el fin y el tope «hasta»', () => {
    const r = regla({ tipo: 'dias', cada: 7 });
    expect(fechasDeRegla(r, { inicio: '2026-03-01', fin: '2026-03-20' }, '2026-03-01', null, 10)).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
    ]);
    expect(fechasDeRegla(r, sinFin('2026-03-01'), '2026-03-01', '2026-03-10', 10)).toEqual([
      '2026-03-01',
      '2026-03-08',
    ]);
    expect(
      fechasDeRegla(
        regla({ tipo: 'meses', cada: 1, dia: 31 }),
        { inicio: '2026-01-01', fin: '2026-02-27' },
        '2026-01-01',
        null,
        10,
      ),
    ).toEqual(['2026-01-31']);
  });

  it('tras finalizar: la primera en el inicio, la siguiente N días después del día en que se finalizó', () => {
    const r = regla({ tipo: 'tras_finalizar', dias: 15 });
    expect(proximasFechas(r, sinFin('2026-05-01'), '2026-04-20')).toEqual(['2026-05-01']);
    expect(proximasFechas(r, sinFin('2026-05-01'), '2026-05-20', 5, '2026-05-18')).toEqual(['2026-06-02']);
    // Finished long ago: due today, not in the past.
    expect(proximasFechas(r, sinFin('2026-05-01'), '2026-09-01', 5, '2026-05-18')).toEqual(['2026-09-01']);
    expect(proximasFechas(r, { inicio: '2026-05-01', fin: '2026-05-31' }, '2026-05-20', 5, '2026-05-18')).toEqual([]);
  });

  it('«hoy» es el día de la zona de la empresa en el instante del reloj (zonas sin horario de verano)', () => {
    const r = regla({ tipo: 'dias', cada: 1 });
    // 02:30 UTC on the 1st is still the 31st in Buenos Aires (UTC-3) and already the 1st in Kiritimati (UTC+14).
    const instante = Date.parse('2026-08-01T02:30:00Z');
    expect(proximasFechas(r, sinFin('2026-07-01'), hoyEn('America/Argentina/Buenos_Aires', instante), 1)).toEqual([
      '2026-07-31',
    ]);
    expect(proximasFechas(r, sinFin('2026-07-01'), hoyEn('Pacific/Kiritimati', instante), 1)).toEqual(['2026-08-01']);
  });

  it('rechaza la regla que generaría más de 366 órdenes por año, con el motivo en el campo', () => {
    expect(ordenesPorAnio(regla({ tipo: 'dias', cada: 1 }))).toBe(366);
    const todos = [1, 2, 3, 4, 5, 6, 7];
    expect(ordenesPorAnio(regla({ tipo: 'semanas', cada: 1, diasSemana: todos }))).toBe(366);
    expect(ordenesPorAnio(regla({ tipo: 'meses', cada: 1, dia: 31 }))).toBe(12);
    // An interval under 1 would never end: it is refused as such, on its field.
    for (const r of [
      { tipo: 'dias', cada: 0 },
      { tipo: 'semanas', cada: 0, diasSemana: [1] },
      { tipo: 'meses', cada: -1, dia: 1 },
      { tipo: 'tras_finalizar', dias: 0 },
    ]) {
      const p = zReglaRecurrencia.safeParse(r);
      expect(p.error?.issues[0]).toMatchObject({
        path: [r.tipo === 'tras_finalizar' ? 'dias' : 'cada'],
        message: MENSAJES_MANTENIMIENTO.intervaloMinimo,
      });
    }
    expect(fechasDeRegla({ tipo: 'dias', cada: 0 }, sinFin('2026-01-01'), '2026-01-01', null, 5)).toEqual([]);
  });

  it('el plan: fin antes del inicio y día inexistente, con el campo', () => {
    const base = { cliente: 1, regla: { tipo: 'dias', cada: 1 }, plantilla: { titulo: 'Caldera', responsable: [] } };
    const fin = zMantenimientoGuardar.safeParse({ ...base, inicio: '2026-05-10', fin: '2026-05-01' });
    expect(fin.error?.issues[0]).toMatchObject({ path: ['fin'], message: MENSAJES_MANTENIMIENTO.finAntesDeInicio });
    const dia = zMantenimientoGuardar.safeParse({ ...base, inicio: '2026-02-30' });
    expect(dia.error?.issues[0]).toMatchObject({ path: ['inicio'], message: MENSAJES_MANTENIMIENTO.diaInvalido });
    expect(zMantenimientoGuardar.parse({ ...base, inicio: '2026-05-10' })).toMatchObject({
      anticipacion: 0,
      activo: true,
      fin: null,
    });
  });
});
