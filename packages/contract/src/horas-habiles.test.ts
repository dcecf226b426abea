import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  habilesEntre,
  habilesUsados,
  vencimientoConPausas,
  intervalosDelDia,
  MENSAJES_HORARIO,
  problemasDeSemana,
  restarHabiles,
  siguienteInstanteHabil,
  sumarDiasHabiles,
  sumarHabiles,
  type CalendarioHabil,
  type SemanaHabil,
} from './horas-habiles.js';

const H = 3_600_000;
const M = 60_000;
/** Buenos Aires is UTC-3 all year: 09:00 there is 12:00 UTC. */
const ba = (isoLocal: string) => Date.parse(`${isoLocal}-03:00`);
const hora = (h: number, m = 0) => h * 60 + m;

const lunesAViernes = (tramos: SemanaHabil[1]): SemanaHabil => ({
  1: tramos,
  2: tramos,
  3: tramos,
  4: tramos,
  5: tramos,
});

/** 09:00–13:00 and 14:00–18:00, Monday to Friday; 25 May 2026 (a Monday) is a holiday. */
const partido: CalendarioHabil = {
  zona: 'America/Argentina/Buenos_Aires',
  semana: lunesAViernes([
    { desde: hora(14), hasta: hora(18) },
    { desde: hora(9), hasta: hora(13) },
  ]),
  feriados: new Set(['2026-05-25']),
};

describe('horas hábiles (issue 34)', () => {
  it('los intervalos de un día, en la zona de la empresa; ninguno en feriados y fines de semana', () => {
    expect(intervalosDelDia(partido, '2026-05-26')).toEqual([
      [ba('2026-05-26T09:00'), ba('2026-05-26T13:00')],
      [ba('2026-05-26T14:00'), ba('2026-05-26T18:00')],
    ]);
    expect(intervalosDelDia(partido, '2026-05-25')).toEqual([]);
    expect(intervalosDelDia(partido, '2026-05-30')).toEqual([]);
  });

  it('suma dentro de un turno, salta el almuerzo y la noche', () => {
    expect(sumarHabiles(partido, ba('2026-05-26T10:00'), 2 * H)).toBe(ba('2026-05-26T12:00'));
    // 3 h from 11:00: 2 h until 13:00, then 1 h from 14:00.
    expect(sumarHabiles(partido, ba('2026-05-26T11:00'), 3 * H)).toBe(ba('2026-05-26T15:00'));
    // 4 h from 16:00: 2 h today, 2 h tomorrow morning.
    expect(sumarHabiles(partido, ba('2026-05-26T16:00'), 4 * H)).toBe(ba('2026-05-27T11:00'));
    // Exactly to the end of a shift gives that end, not the next start.
    expect(sumarHabiles(partido, ba('2026-05-26T09:00'), 4 * H)).toBe(ba('2026-05-26T13:00'));
  });

  it('un pedido fuera de horario empieza a contar en el turno siguiente', () => {
    expect(sumarHabiles(partido, ba('2026-05-26T22:30'), 30 * M)).toBe(ba('2026-05-27T09:30'));
    expect(sumarHabiles(partido, ba('2026-05-26T13:20'), 30 * M)).toBe(ba('2026-05-26T14:30'));
    expect(siguienteInstanteHabil(partido, ba('2026-05-26T13:20'))).toBe(ba('2026-05-26T14:00'));
    expect(siguienteInstanteHabil(partido, ba('2026-05-26T10:15'))).toBe(ba('2026-05-26T10:15'));
  });

  it('salta el fin de semana y los feriados, y cruza el fin de mes', () => {
    // Friday 29 May 17:00 + 2 h: 1 h on Friday, 1 h on Monday 1 June.
    expect(sumarHabiles(partido, ba('2026-05-29T17:00'), 2 * H)).toBe(ba('2026-06-01T10:00'));
    // Friday 22 May 17:00 + 2 h: Monday 25 is a holiday, so Tuesday 26.
    expect(sumarHabiles(partido, ba('2026-05-22T17:00'), 2 * H)).toBe(ba('2026-05-26T10:00'));
    expect(habilesEntre(partido, ba('2026-05-22T17:00'), ba('2026-05-26T10:00'))).toBe(2 * H);
    // A whole week holds 5 × 8 h, minus the holiday.
    expect(habilesEntre(partido, ba('2026-05-25T00:00'), ba('2026-06-01T00:00'))).toBe(4 * 8 * H);
    expect(habilesEntre(partido, ba('2026-06-01T00:00'), ba('2026-05-25T00:00'))).toBe(-4 * 8 * H);
  });

  it('resta hacia atrás: de un comienzo de turno da ese comienzo, no el fin del anterior', () => {
    expect(restarHabiles(partido, ba('2026-05-27T11:00'), 4 * H)).toBe(ba('2026-05-26T16:00'));
    expect(restarHabiles(partido, ba('2026-05-26T18:00'), 4 * H)).toBe(ba('2026-05-26T14:00'));
    expect(restarHabiles(partido, ba('2026-05-26T10:00'), 2 * H)).toBe(ba('2026-05-22T17:00'));
  });

  it('días hábiles: la misma hora del n-ésimo día trabajado, dentro de su horario', () => {
    // Thursday 10:30 + 2 business days: Monday 1 June 10:30.
    expect(sumarDiasHabiles(partido, ba('2026-05-28T10:30'), 2)).toBe(ba('2026-06-01T10:30'));
    // Friday 18:30 (after hours): work starts Monday 1 June 09:00, so two full days end on Tuesday
    // at 18:00 (Wednesday 09:00 is the same business instant, later on the clock).
    expect(sumarDiasHabiles(partido, ba('2026-05-29T18:30'), 2)).toBe(ba('2026-06-02T18:00'));
    expect(sumarDiasHabiles(partido, ba('2026-05-29T18:30'), 0)).toBe(ba('2026-06-01T09:00'));
    // Late on a day: brought back to that day's last shift's end.
    const tardeConNoche: CalendarioHabil = {
      ...partido,
      semana: { ...partido.semana, 3: [{ desde: hora(9), hasta: hora(20) }] },
    };
    expect(sumarDiasHabiles(tardeConNoche, ba('2026-05-27T19:30'), 1)).toBe(ba('2026-05-28T18:00'));
    // Friday 22 May 15:00 + 1: Monday 25 is a holiday, so Tuesday 26 at 15:00.
    expect(sumarDiasHabiles(partido, ba('2026-05-22T15:00'), 1)).toBe(ba('2026-05-26T15:00'));
    expect(() => sumarDiasHabiles(partido, 0, -1)).toThrow(RangeError);
  });

  it('una pausa no cuenta, aunque siga abierta o se superponga con otra', () => {
    const inicio = ba('2026-05-26T09:00');
    const ahora = ba('2026-05-26T17:00');
    expect(habilesUsados(partido, inicio, ahora)).toBe(7 * H);
    // Paused 10:00–12:00 and, again, 11:00–15:00 (overlapping): 10:00–15:00 is 4 h of work.
    const pausas = [
      { desde: ba('2026-05-26T11:00'), hasta: ba('2026-05-26T15:00') },
      { desde: ba('2026-05-26T10:00'), hasta: ba('2026-05-26T12:00') },
    ];
    expect(habilesUsados(partido, inicio, ahora, pausas)).toBe(3 * H);
    // A pause still open at 16:00 stops the clock until now.
    expect(habilesUsados(partido, inicio, ahora, [{ desde: ba('2026-05-26T16:00'), hasta: null }])).toBe(6 * H);
    expect(habilesUsados(partido, ahora, inicio)).toBe(0);
  });

  it('el horario de 24 h y un turno que termina a medianoche', () => {
    const nocturno: CalendarioHabil = {
      zona: 'America/Argentina/Buenos_Aires',
      semana: { 6: [{ desde: hora(20), hasta: hora(24) }], 7: [{ desde: 0, hasta: hora(24) }] },
      feriados: new Set(),
    };
    // Saturday 30 May 23:00 + 3 h: 1 h on Saturday, then Sunday from midnight.
    expect(sumarHabiles(nocturno, ba('2026-05-30T23:00'), 3 * H)).toBe(ba('2026-05-31T02:00'));
    expect(habilesEntre(nocturno, ba('2026-05-30T00:00'), ba('2026-06-01T00:00'))).toBe(28 * H);
  });

  it('rechaza horarios invertidos, superpuestos, fuera del día o una semana sin horario', () => {
    expect(problemasDeSemana(partido.semana)).toEqual([]);
    expect(problemasDeSemana({ 1: [{ desde: hora(18), hasta: hora(9) }] })).toEqual([
      { dia: 1, tramo: 0, mensaje: MENSAJES_HORARIO.invertido },
      { dia: null, tramo: null, mensaje: MENSAJES_HORARIO.sinHorario },
    ]);
    expect(
      problemasDeSemana({
        2: [
          { desde: hora(9), hasta: hora(13) },
          { desde: hora(12), hasta: hora(18) },
        ],
      }),
    ).toEqual([{ dia: 2, tramo: 1, mensaje: MENSAJES_HORARIO.superpuesto }]);
    expect(problemasDeSemana({ 3: [{ desde: hora(9), hasta: 1500 }] })).toEqual([
      { dia: 3, tramo: 0, mensaje: MENSAJES_HORARIO.fueraDelDia },
      { dia: null, tramo: null, mensaje: MENSAJES_HORARIO.sinHorario },
    ]);
    expect(problemasDeSemana({})).toEqual([{ dia: null, tramo: null, mensaje: MENSAJES_HORARIO.sinHorario }]);
  });

  it('sin ningún horario, la aritmética dice que no hay tiempo hábil en lugar de colgarse', () => {
    const vacio: CalendarioHabil = { zona: 'UTC', semana: {}, feriados: new Set() };
    expect(() => sumarHabiles(vacio, 0, H)).toThrow(MENSAJES_HORARIO.sinHorario);
    expect(habilesEntre(vacio, 0, 30 * 24 * H)).toBe(0);
  });

  describe('propiedades, con un reloj y horarios al azar', () => {
    // Random weeks of up to two shifts of 1–12 h a day (at least one somewhere), random holidays in
    // 2026–2027; durations up to 60 h, so even a week of one hour ends within the search window.
    // A shift starts by 23:00, so that midnight never cuts it below the hour (a week of six minutes
    // and 52 h took ten years: beyond the window, a failure about once in 10⁴ runs).
    const tramo = fc
      .tuple(fc.integer({ min: 0, max: 1440 - 60 }), fc.integer({ min: 60, max: 720 }))
      .map(([desde, largo]) => ({ desde, hasta: Math.min(1440, desde + largo) }));
    const diaTramos = fc
      .array(tramo, { maxLength: 2 })
      .map((ts) => (ts.length === 2 && ts[1]!.desde < ts[0]!.hasta && ts[0]!.desde < ts[1]!.hasta ? [ts[0]!] : ts));
    const semana = fc
      .tuple(diaTramos, diaTramos, diaTramos, diaTramos, diaTramos, diaTramos, diaTramos)
      .filter((dias) => dias.some((d) => d.length > 0))
      .map((dias) => Object.fromEntries(dias.map((d, i) => [i + 1, d])) as SemanaHabil);
    const feriados = fc
      .array(fc.integer({ min: 0, max: 729 }), { maxLength: 20 })
      .map((ns) => new Set(ns.map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10))));
    const zona = fc.constantFrom('America/Argentina/Buenos_Aires', 'America/Bogota', 'UTC');
    const calendario = fc.record({ zona, semana, feriados }) as fc.Arbitrary<CalendarioHabil>;
    const instante = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 6, 1) });
    const duracion = fc.integer({ min: 0, max: 60 * H });
    const lapso = fc.integer({ min: 0, max: 120 * 24 * H });

    it('la semana generada es válida', () => {
      fc.assert(
        fc.property(semana, (s) => {
          expect(problemasDeSemana(s)).toEqual([]);
        }),
      );
    });

    it('entre el inicio y el inicio más d hay exactamente d de tiempo hábil', () => {
      fc.assert(
        fc.property(calendario, instante, duracion, (cal, t, d) => {
          expect(habilesEntre(cal, t, sumarHabiles(cal, t, d))).toBe(d);
        }),
        { numRuns: 150 },
      );
    });

    it('sumar y después restar devuelve el inicio (dentro del horario)', () => {
      fc.assert(
        fc.property(calendario, instante, duracion, (cal, t, d) => {
          const inicio = siguienteInstanteHabil(cal, t);
          expect(restarHabiles(cal, sumarHabiles(cal, inicio, d), d)).toBe(inicio);
        }),
        { numRuns: 150 },
      );
    });

    it('el tiempo hábil entre dos instantes es aditivo y nunca mayor que el tiempo real', () => {
      fc.assert(
        fc.property(calendario, instante, lapso, lapso, (cal, a, x, y) => {
          const [b, c] = [a + Math.min(x, y), a + Math.max(x, y)];
          const ab = habilesEntre(cal, a, b);
          expect(ab + habilesEntre(cal, b, c)).toBe(habilesEntre(cal, a, c));
          expect(ab).toBeGreaterThanOrEqual(0);
          expect(ab).toBeLessThanOrEqual(b - a);
        }),
        { numRuns: 60 },
      );
    });
  });
});

describe('vencimientoConPausas', () => {
  const cal: CalendarioHabil = {
    zona: 'America/Argentina/Buenos_Aires',
    semana: lunesAViernes([{ desde: hora(9), hasta: hora(18) }]),
    feriados: new Set(),
  };

  it('without pauses is sumarHabiles', () => {
    const inicio = ba('2026-03-02T10:00:00');
    expect(vencimientoConPausas(cal, inicio, 4 * H)).toEqual({ vence: ba('2026-03-02T14:00:00'), pausadaDesde: null });
  });

  it('a closed pause moves the due instant by the business time it took', () => {
    const inicio = ba('2026-03-02T10:00:00');
    // Paused from 11:00 to 15:00 on Monday: 4 business hours that do not count.
    const r = vencimientoConPausas(cal, inicio, 4 * H, [
      { desde: ba('2026-03-02T11:00:00'), hasta: ba('2026-03-02T15:00:00') },
    ]);
    expect(r).toEqual({ vence: ba('2026-03-02T18:00:00'), pausadaDesde: null });
    // 1 h before the pause, 3 h after it: 15:00–18:00 on Monday ends the target at 18:00.
    expect(
      habilesUsados(cal, inicio, ba('2026-03-02T18:00:00'), [
        { desde: ba('2026-03-02T11:00:00'), hasta: ba('2026-03-02T15:00:00') },
      ]),
    ).toBe(4 * H);
  });

  it('an open pause stops the clock at its start', () => {
    const inicio = ba('2026-03-02T10:00:00');
    const r = vencimientoConPausas(cal, inicio, 4 * H, [{ desde: ba('2026-03-02T12:00:00'), hasta: null }]);
    expect(r).toEqual({ vence: ba('2026-03-02T14:00:00'), pausadaDesde: ba('2026-03-02T12:00:00') });
  });

  it('a pause after the due instant changes nothing', () => {
    const inicio = ba('2026-03-02T10:00:00');
    const r = vencimientoConPausas(cal, inicio, 2 * H, [{ desde: ba('2026-03-02T15:00:00'), hasta: null }]);
    expect(r).toEqual({ vence: ba('2026-03-02T12:00:00'), pausadaDesde: null });
  });

  it('is the inverse of habilesUsados (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 * 24 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 * 24 }), fc.integer({ min: 1, max: 72 })), { maxLength: 4 }),
        (horaInicio, horas, crudas) => {
          const inicio = ba('2026-03-02T00:00:00') + horaInicio * H;
          const pausas = crudas.map(([d, l]) => ({ desde: inicio + d * H, hasta: inicio + (d + l) * H }));
          const { vence } = vencimientoConPausas(cal, inicio, horas * H, pausas);
          expect(habilesUsados(cal, inicio, vence, pausas)).toBe(horas * H);
        },
      ),
      { numRuns: 200 },
    );
  });
});
