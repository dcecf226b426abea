import { SEMANA_POR_DEFECTO, type CalendarioHabil } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { hora, makePlazoOrden } from '../../test/sla';
import { estadoDePlazo, jornadaMs, textoDuracionHabil, textoObjetivo } from './plazo';

const H = 3_600_000;
const CAL: CalendarioHabil = {
  zona: 'America/Argentina/Buenos_Aires',
  semana: SEMANA_POR_DEFECTO,
  feriados: new Set(['2026-03-03']),
};
const SIN_FERIADOS: CalendarioHabil = { ...CAL, feriados: new Set() };

describe('business time as it reads (issue 34)', () => {
  it('minutes under an hour, hours under a working day, then days and hours, rounded down', () => {
    const jornada = 9 * H;
    expect(textoDuracionHabil(20_000, jornada)).toBe('menos de 1 min hábil');
    expect(textoDuracionHabil(60_000, jornada)).toBe('1 min hábil');
    expect(textoDuracionHabil(59 * 60_000 + 59_000, jornada)).toBe('59 min hábiles');
    expect(textoDuracionHabil(H, jornada)).toBe('1 h hábil');
    expect(textoDuracionHabil(3.9 * H, jornada)).toBe('3 h hábiles');
    expect(textoDuracionHabil(9 * H, jornada)).toBe('1 día hábil');
    expect(textoDuracionHabil(17 * H, jornada)).toBe('1 día 8 h hábiles');
    expect(textoDuracionHabil(19 * H, jornada)).toBe('2 días 1 h hábil');
    expect(textoDuracionHabil(18 * H, jornada)).toBe('2 días hábiles');
  });

  it('a working day is the week’s average: 9 to 18 is 9 h; a split week averages its days', () => {
    expect(jornadaMs(CAL)).toBe(9 * H);
    expect(
      jornadaMs({
        ...CAL,
        semana: {
          1: [
            { desde: 540, hasta: 780 },
            { desde: 840, hasta: 1080 },
          ],
          6: [{ desde: 540, hasta: 600 }],
        },
      }),
    ).toBe(4.5 * H);
    expect(jornadaMs({ ...CAL, semana: {} })).toBe(8 * H);
  });

  it('targets as the policy sets them', () => {
    expect(textoObjetivo({ cantidad: 4, unidad: 'horas' })).toBe('4 h hábiles');
    expect(textoObjetivo({ cantidad: 1, unidad: 'horas' })).toBe('1 h hábil');
    expect(textoObjetivo({ cantidad: 2, unidad: 'dias' })).toBe('2 días hábiles');
    expect(textoObjetivo({ cantidad: 1, unidad: 'dias' })).toBe('1 día hábil');
  });
});

describe('estadoDePlazo: what is left and its colour', () => {
  // 4 business hours from Monday 09:00, due at 13:00.
  const plazo = makePlazoOrden();

  it('green under 80 % used, amber from 80 %, red once due', () => {
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '10:00'), null)).toMatchObject({
      nivel: 'verde',
      texto: 'Vence en 3 h hábiles',
      restanteMs: 3 * H,
      usado: 0.25,
    });
    // 80 % exactly is amber: 48 minutes left.
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '12:12'), null)).toMatchObject({
      nivel: 'ambar',
      texto: 'Vence en 48 min hábiles',
    });
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '12:11'), null).nivel).toBe('verde');
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '13:00'), null)).toMatchObject({
      nivel: 'rojo',
      texto: 'Vencida hace menos de 1 min hábil',
    });
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '15:00'), null)).toMatchObject({
      nivel: 'rojo',
      texto: 'Vencida hace 2 h hábiles',
      restanteMs: -2 * H,
    });
  });

  it('counts business time only: the night and the holiday (Tuesday) do not count', () => {
    // Due Monday 13:00, now Wednesday 11:00: Monday 13–18 and Wednesday 9–11; Tuesday is a holiday.
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-04', '11:00'), null).texto).toBe('Vencida hace 7 h hábiles');
    expect(estadoDePlazo(SIN_FERIADOS, plazo, hora('2026-03-02', '22:00'), null).texto).toBe(
      'Vencida hace 5 h hábiles',
    );
    const dosDias = makePlazoOrden({ totalMs: 18 * H, vence: hora('2026-03-03', '18:00') });
    expect(estadoDePlazo(SIN_FERIADOS, dosDias, hora('2026-03-02', '10:00'), null).texto).toBe(
      'Vence en 1 día 8 h hábiles',
    );
  });

  it('while paused, counts to the start of the pause: «En pausa», or red if it was already due', () => {
    const pausa = hora('2026-03-02', '10:00');
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '17:00'), pausa)).toMatchObject({
      nivel: 'pausa',
      texto: 'En pausa · quedan 3 h hábiles',
    });
    expect(estadoDePlazo(CAL, plazo, hora('2026-03-02', '17:00'), hora('2026-03-02', '14:00'))).toMatchObject({
      nivel: 'rojo',
      texto: 'Vencida hace 1 h hábil · en pausa',
    });
  });
});
