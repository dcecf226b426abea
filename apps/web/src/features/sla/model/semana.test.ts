import { MENSAJES_HORARIO, SEMANA_POR_DEFECTO } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  MENSAJE_HORA_FALTANTE,
  lugarDeCampo,
  minutosDeHora,
  semanaEnFormulario,
  textoDeFeriado,
  textoDeTramos,
  validarSemana,
} from './semana';

describe('the week in the form (issue 34)', () => {
  it('reads HH:MM as minutes after midnight; an end at 00:00 is midnight, a start at 00:00 is the day’s start', () => {
    expect(minutosDeHora('09:00', false)).toBe(540);
    expect(minutosDeHora('13:30', true)).toBe(810);
    expect(minutosDeHora('00:00', false)).toBe(0);
    expect(minutosDeHora('00:00', true)).toBe(1440);
    expect(minutosDeHora('24:00', true)).toBe(1440);
    expect(minutosDeHora('', false)).toBeNull();
    expect(minutosDeHora('9:5', false)).toBeNull();
    expect(minutosDeHora('10:75', true)).toBeNull();
  });

  it('shows midnight as an end at 00:00, and the same week comes back from the form', () => {
    const semana = { ...SEMANA_POR_DEFECTO, '7': [{ desde: 0, hasta: 1440 }] };
    const valores = semanaEnFormulario(semana);
    expect(valores['7']).toEqual([{ desde: '00:00', hasta: '00:00' }]);
    expect(valores['1']).toEqual([{ desde: '09:00', hasta: '18:00' }]);
    expect(validarSemana(valores)).toEqual({ ok: true, semana });
  });

  it('puts each problem at its shift, the week’s at the week, and a missing time before the rest', () => {
    const valores = semanaEnFormulario({ ...SEMANA_POR_DEFECTO });
    valores['1'] = [{ desde: '10:00', hasta: '10:00' }];
    valores['2'] = [
      { desde: '09:00', hasta: '13:00' },
      { desde: '12:00', hasta: '18:00' },
    ];
    expect(validarSemana(valores)).toEqual({
      ok: false,
      errores: { '1.0': MENSAJES_HORARIO.invertido, '2.1': MENSAJES_HORARIO.superpuesto },
    });
    valores['3'] = [{ desde: '', hasta: '18:00' }];
    expect(validarSemana(valores)).toEqual({ ok: false, errores: { '3.0': MENSAJE_HORA_FALTANTE } });
    const vacia = semanaEnFormulario({ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] });
    expect(validarSemana(vacia)).toEqual({ ok: false, errores: { semana: MENSAJES_HORARIO.sinHorario } });
  });

  it('places the field the server blamed: a shift, a day, the week, or nothing of the week', () => {
    expect(lugarDeCampo('semana.1.0')).toBe('1.0');
    expect(lugarDeCampo('semana.7.3.hasta')).toBe('7.3');
    expect(lugarDeCampo('semana.2')).toBe('2');
    expect(lugarDeCampo('semana')).toBe('semana');
    expect(lugarDeCampo('semana.9')).toBe('semana');
    expect(lugarDeCampo('body')).toBeNull();
    expect(lugarDeCampo(undefined)).toBeNull();
  });

  it('writes a day’s shifts and a holiday’s day as text', () => {
    expect(textoDeTramos([])).toBe('No se trabaja');
    expect(textoDeTramos([{ desde: 540, hasta: 1080 }])).toBe('09:00 a 18:00');
    expect(
      textoDeTramos([
        { desde: 1200, hasta: 1440 },
        { desde: 480, hasta: 720 },
        { desde: 780, hasta: 1020 },
      ]),
    ).toBe('08:00 a 12:00, 13:00 a 17:00 y 20:00 a 24:00');
    expect(textoDeFeriado('2026-05-27')).toBe('mié 27/05/2026');
    expect(textoDeFeriado('2026-08-15')).toBe('sáb 15/08/2026');
  });
});
