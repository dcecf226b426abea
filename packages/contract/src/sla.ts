/**
 * Service levels (issue 34; docs/SLA.md). This part: the company's business calendar, its working
 * hours per weekday and its holidays (the country's, loaded by the server, plus the company's own).
 * The arithmetic lives in horas-habiles.ts.
 */
import { z } from 'zod';
import { MENSAJE_DIA_INVALIDO, zDiaExistente, zTexto } from './common.js';
import { MENSAJES_HORARIO, MINUTOS_POR_DIA, problemasDeSemana, type CalendarioHabil } from './horas-habiles.js';

export const LIMITES_SLA = {
  /** Shifts a weekday may have (a split shift is two). */
  tramosPorDia: 4,
  nombreFeriado: 80,
  /** The company's own holidays, over all years. */
  feriadosPropios: 200,
} as const;

export const MENSAJES_SLA = {
  dia: MENSAJE_DIA_INVALIDO,
  nombreFeriado: 'Indique el nombre del feriado.',
  soloAdministradores: 'Solo un administrador puede cambiar el horario y los feriados de la empresa.',
  feriadoDuplicado: 'Ese día ya es feriado.',
  feriadoInexistente: 'Ese día no es feriado.',
  demasiadosFeriados: `La empresa admite hasta ${LIMITES_SLA.feriadosPropios} feriados propios.`,
  fueraDelCalendario: (desde: number, hasta: number) => `Elija un día de ${desde} o de ${hasta}.`,
} as const;

/** The weekdays of the week in the contract's order (ISO: 1 = lunes … 7 = domingo). */
export const DIAS_HABILES = ['1', '2', '3', '4', '5', '6', '7'] as const;

const zMinuto = z
  .number({ error: MENSAJES_HORARIO.fueraDelDia })
  .int(MENSAJES_HORARIO.fueraDelDia)
  .min(0, MENSAJES_HORARIO.fueraDelDia)
  .max(MINUTOS_POR_DIA, MENSAJES_HORARIO.fueraDelDia);

/** A shift in minutes after midnight: 09:00–13:00 is { desde: 540, hasta: 780 }. */
export const zTramo = z.object({ desde: zMinuto, hasta: zMinuto });

const zTramosDelDia = z
  .array(zTramo)
  .max(LIMITES_SLA.tramosPorDia, `Hasta ${LIMITES_SLA.tramosPorDia} horarios por día.`);

/**
 * The working week: for each weekday '1'…'7', its shifts (an empty list: not worked). Inverted,
 * overlapping or out-of-day shifts and a week without any are refused, each with its place.
 */
export const zSemanaHabil = z
  .object({
    '1': zTramosDelDia,
    '2': zTramosDelDia,
    '3': zTramosDelDia,
    '4': zTramosDelDia,
    '5': zTramosDelDia,
    '6': zTramosDelDia,
    '7': zTramosDelDia,
  })
  .check((ctx) => {
    for (const p of problemasDeSemana(ctx.value)) {
      ctx.issues.push({
        code: 'custom',
        message: p.mensaje,
        input: ctx.value,
        path: p.dia === null ? [] : [String(p.dia), ...(p.tramo === null ? [] : [p.tramo])],
      });
    }
  });
export type SemanaHabilContrato = z.output<typeof zSemanaHabil>;

export const zGuardarSemana = z.object({ semana: zSemanaHabil });

/** 'nacional': the country's, from the holidays library; 'empresa': added by the company. */
export const zOrigenFeriado = z.enum(['nacional', 'empresa']);

export const zFeriado = z.object({
  dia: z.string(),
  nombre: z.string(),
  origen: zOrigenFeriado,
  /** A national holiday the company works on: it does not count as a holiday for its deadlines. */
  seTrabaja: z.boolean(),
});
export type Feriado = z.infer<typeof zFeriado>;

/** The company's business calendar: its zone, its week, and the holidays of this year and the next. */
export const zCalendarioHabil = z.object({
  zona: z.string(),
  semana: zSemanaHabil,
  /** The years the list covers (this one and the next, in the company's zone). */
  anios: z.array(z.number().int()),
  feriados: z.array(zFeriado),
});
export type CalendarioHabilVista = z.infer<typeof zCalendarioHabil>;

const zDiaFeriado = zDiaExistente(MENSAJES_SLA.dia);

export const zNuevoFeriado = z.object({
  dia: zDiaFeriado,
  nombre: zTexto(MENSAJES_SLA.nombreFeriado)
    .trim()
    .min(1, MENSAJES_SLA.nombreFeriado)
    .max(LIMITES_SLA.nombreFeriado, `El nombre admite hasta ${LIMITES_SLA.nombreFeriado} caracteres.`),
});

export const zParamsFeriado = z.object({ dia: zDiaFeriado });

/** The week every company starts with: Monday to Friday, 09:00 to 18:00. */
export const SEMANA_POR_DEFECTO: SemanaHabilContrato = {
  '1': [{ desde: 540, hasta: 1080 }],
  '2': [{ desde: 540, hasta: 1080 }],
  '3': [{ desde: 540, hasta: 1080 }],
  '4': [{ desde: 540, hasta: 1080 }],
  '5': [{ desde: 540, hasta: 1080 }],
  '6': [],
  '7': [],
};

/** The calendar the arithmetic takes, from what the API answers (holidays the company works on are not holidays). */
export function calendarioDeVista(v: CalendarioHabilVista): CalendarioHabil {
  return {
    zona: v.zona,
    semana: v.semana,
    feriados: new Set(v.feriados.filter((f) => !f.seTrabaja).map((f) => f.dia)),
  };
}
