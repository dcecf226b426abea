/**
 * Service levels (issue 34; docs/SLA.md). This part: the company's business calendar, its working
 * hours per weekday and its holidays (the country's, loaded by the server, plus the company's own).
 * The arithmetic lives in horas-habiles.ts.
 */
import { z } from 'zod';
import { MENSAJE_DIA_INVALIDO, zDiaExistente, zEpochMs, zId, zIdNombre, zTexto } from './common.js';
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

// ---------------------------------------------------------------------------------------------
// Policies (docs/SLA.md, «Políticas»)

/** A target counts business hours or business days of the company's calendar. */
export const UNIDADES_OBJETIVO = ['horas', 'dias'] as const;
export type UnidadObjetivo = (typeof UNIDADES_OBJETIVO)[number];

export const LIMITES_POLITICA = {
  nombre: 80,
  /** The longest target: 1.000 business hours or 120 business days. */
  horas: 1000,
  dias: 120,
  /** Policies a company may have in force at once. */
  politicas: 200,
} as const;

export const MENSAJES_POLITICA = {
  nombre: 'Indique el nombre de la política.',
  nombreLargo: `El nombre admite hasta ${LIMITES_POLITICA.nombre} caracteres.`,
  cantidad: 'Indique un número entero de 1 o más.',
  horas: `Hasta ${LIMITES_POLITICA.horas} horas hábiles.`,
  dias: `Hasta ${LIMITES_POLITICA.dias} días hábiles.`,
  sinObjetivo: 'Indique al menos un objetivo: de respuesta o de resolución.',
  soloAdministradores: 'Solo un administrador puede cambiar las políticas de nivel de servicio.',
  duplicada: 'Ya hay una política para ese mismo cliente, tipo y prioridad. Edite esa.',
  inexistente: 'La política no existe.',
  demasiadas: `La empresa admite hasta ${LIMITES_POLITICA.politicas} políticas.`,
  referencia: 'No existe en su empresa.',
} as const;

export const zObjetivo = z
  .object({
    cantidad: z
      .number({ error: MENSAJES_POLITICA.cantidad })
      .int(MENSAJES_POLITICA.cantidad)
      .min(1, MENSAJES_POLITICA.cantidad),
    unidad: z.enum(UNIDADES_OBJETIVO, { error: 'Elija horas o días hábiles.' }),
  })
  .check((ctx) => {
    const { cantidad, unidad } = ctx.value;
    const max = unidad === 'horas' ? LIMITES_POLITICA.horas : LIMITES_POLITICA.dias;
    if (cantidad > max) {
      ctx.issues.push({ code: 'custom', message: MENSAJES_POLITICA[unidad], input: ctx.value, path: ['cantidad'] });
    }
  });
export type Objetivo = z.output<typeof zObjetivo>;

const zRefOpcional = zId.nullable().optional().default(null);

/**
 * A policy as an administrator saves it: what it applies to (each of cliente, tipo de orden and
 * prioridad optional: null = any), its targets (at least one), and whether time «En espera» stops
 * the clock.
 */
export const zPoliticaGuardar = z
  .object({
    nombre: zTexto(MENSAJES_POLITICA.nombre)
      .trim()
      .min(1, MENSAJES_POLITICA.nombre)
      .max(LIMITES_POLITICA.nombre, MENSAJES_POLITICA.nombreLargo),
    clienteId: zRefOpcional,
    tipoOrdenId: zRefOpcional,
    prioridadId: zRefOpcional,
    respuesta: zObjetivo.nullable().optional().default(null),
    resolucion: zObjetivo.nullable().optional().default(null),
    pausaEnEspera: z.boolean().optional().default(true),
  })
  .check((ctx) => {
    if (!ctx.value.respuesta && !ctx.value.resolucion) {
      ctx.issues.push({
        code: 'custom',
        message: MENSAJES_POLITICA.sinObjetivo,
        input: ctx.value,
        path: ['resolucion'],
      });
    }
  });
export type PoliticaGuardar = z.input<typeof zPoliticaGuardar>;

export const zPolitica = zIdNombre.extend({
  cliente: zIdNombre.nullable(),
  tipoOrden: zIdNombre.nullable(),
  prioridad: zIdNombre.nullable(),
  respuesta: zObjetivo.nullable(),
  resolucion: zObjetivo.nullable(),
  pausaEnEspera: z.boolean(),
  /** When this version took effect (an edit makes a new version; orders keep the one they got). */
  vigenteDesde: zEpochMs,
});
export type Politica = z.infer<typeof zPolitica>;

export const zListaPoliticas = z.object({ politicas: z.array(zPolitica) });

/**
 * How specific a policy is: a client weighs more than a type, a type more than a priority. The
 * policy in force for an order is the most specific one that matches it.
 */
export function especificidad(p: {
  clienteId: number | null;
  tipoOrdenId: number | null;
  prioridadId: number | null;
}): number {
  return (p.clienteId != null ? 4 : 0) + (p.tipoOrdenId != null ? 2 : 0) + (p.prioridadId != null ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// The service level of an order (its copy of the policy, and where its clock is)

/** The two promises: answer (leave Pendiente) and resolve (reach Finalizada). */
export const PLAZOS_SLA = ['respuesta', 'resolucion'] as const;
export type PlazoSla = (typeof PLAZOS_SLA)[number];

export const zPlazoOrden = z.object({
  objetivo: zObjetivo,
  /** The target in business milliseconds (a target in days, measured on the calendar at the start). */
  totalMs: z.number().int(),
  /** When it is due (while paused: the due instant had the clock restarted at the pause). */
  vence: zEpochMs,
  /** When it was met; null while open. */
  cumplidaEn: zEpochMs.nullable(),
  /** The 80 % warning and the breach, once each, when they were sent (null: not yet). */
  avisadaEn: zEpochMs.nullable(),
  incumplidaEn: zEpochMs.nullable(),
});
export type PlazoOrden = z.infer<typeof zPlazoOrden>;

/** GET the order's detail carries this: the policy it got when it was created, and both targets. */
export const zSlaOrden = z.object({
  politica: z.string(),
  pausaEnEspera: z.boolean(),
  inicio: zEpochMs,
  /** The clock is stopped since then (the order is «En espera» and the policy pauses). */
  pausadaDesde: zEpochMs.nullable(),
  respuesta: zPlazoOrden.nullable(),
  resolucion: zPlazoOrden.nullable(),
});
export type SlaOrden = z.infer<typeof zSlaOrden>;

/** The filters of the order list about service levels. */
export const FILTROS_SLA = ['por-vencer', 'vencidas'] as const;
export type FiltroSla = (typeof FILTROS_SLA)[number];

/** Share of a target from which an order is «por vencer» and its people are warned. */
export const UMBRAL_AVISO_SLA = 0.8;

/**
 * The target an order's countdown shows: the response while it is open, then the resolution;
 * null when the order has no service level or both are met.
 */
export function plazoActivo(s: SlaOrden): { plazo: PlazoSla; datos: PlazoOrden } | null {
  if (s.respuesta && s.respuesta.cumplidaEn == null) return { plazo: 'respuesta', datos: s.respuesta };
  if (s.resolucion && s.resolucion.cumplidaEn == null) return { plazo: 'resolucion', datos: s.resolucion };
  return null;
}

/** Whether a target was broken: met after it was due, or still open past it (`ahora`). */
export function plazoIncumplido(p: PlazoOrden, ahora: number, pausadaDesde: number | null): boolean {
  if (p.cumplidaEn != null) return p.cumplidaEn > p.vence;
  return p.vence <= (pausadaDesde ?? ahora);
}

/**
 * A user's own choice about the service-level warnings: besides the notification (live and push),
 * a mail for each one. Off by default; at most LIMITE_CORREOS_AVISO_SLA mails a day reach one
 * address, and LIMITE_CORREOS_AVISO_SLA_EMPRESA leave one company (the rest stay as notifications).
 */
export const zAvisosSla = z.object({ correo: z.boolean({ error: 'Indique sí o no.' }) });
export type AvisosSla = z.infer<typeof zAvisosSla>;
export const LIMITE_CORREOS_AVISO_SLA = 30;
/** Warning mails a company sends in 24 h, all its users together (past it, only notifications). */
export const LIMITE_CORREOS_AVISO_SLA_EMPRESA = 500;
