import { z } from 'zod';
import { MENSAJE_DIA_INVALIDO, zEpochMs, zId } from './common.js';
import { diaDeSemana, esDia, sumarDias, type Dia } from './fechas.js';
import { zOrdenGuardar } from './orders.js';

/**
 * Scheduled maintenance (issue 32, docs/MANTENIMIENTO.md): a plan repeats an order template by a
 * rule, in the company's calendar days. The rules are pure functions of days ('YYYY-MM-DD'), so the
 * web previews the next dates with the same code the server's scheduler runs.
 */

export const LIMITES_MANTENIMIENTO = {
  /** A rule may not create more orders than this in a year. */
  ordenesPorAnio: 366,
  cadaMaximo: 3650,
  anticipacionMaxima: 365,
  /** Dates the preview and the list show per plan. */
  proximas: 5,
} as const;

export const MENSAJES_MANTENIMIENTO = {
  intervaloMinimo: 'El intervalo es de 1 o más.',
  demasiadas: `La regla generaría más de ${LIMITES_MANTENIMIENTO.ordenesPorAnio} órdenes por año. Elija un intervalo mayor.`,
  finAntesDeInicio: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
  diaInvalido: MENSAJE_DIA_INVALIDO,
  sinDiasDeSemana: 'Elija al menos un día de la semana.',
} as const;

const zCada = z
  .number({ error: 'Indique cada cuánto se repite (un número entero).' })
  .int('Indique cada cuánto se repite (un número entero).')
  .min(1, MENSAJES_MANTENIMIENTO.intervaloMinimo)
  .max(LIMITES_MANTENIMIENTO.cadaMaximo, `El intervalo admite hasta ${LIMITES_MANTENIMIENTO.cadaMaximo}.`);

/** Weekdays as ISO numbers: 1 = lunes … 7 = domingo. */
export const DIAS_SEMANA = [1, 2, 3, 4, 5, 6, 7] as const;
export const NOMBRES_DIAS_SEMANA = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

export const zReglaRecurrencia = z
  .discriminatedUnion(
    'tipo',
    [
      /** Every `cada` days from the start. */
      z.object({ tipo: z.literal('dias'), cada: zCada }),
      /** Every `cada` weeks (counted from the start's week) on the chosen weekdays. */
      z.object({
        tipo: z.literal('semanas'),
        cada: zCada,
        diasSemana: z
          .array(z.number().int().min(1, 'Día de la semana inválido.').max(7, 'Día de la semana inválido.'))
          .min(1, MENSAJES_MANTENIMIENTO.sinDiasDeSemana)
          .max(7),
      }),
      /** Every `cada` months (counted from the start's month) on `dia`; past the month's end, its last day (31 = last day). */
      z.object({
        tipo: z.literal('meses'),
        cada: zCada,
        dia: z.number().int().min(1, 'El día del mes va de 1 a 31.').max(31, 'El día del mes va de 1 a 31.'),
      }),
      /** `dias` days after the previous occurrence's order was finished; the first on the start. */
      z.object({ tipo: z.literal('tras_finalizar'), dias: zCada }),
    ],
    { error: 'El tipo de regla debe ser dias, semanas, meses o tras_finalizar.' },
  )
  .check((ctx) => {
    if (ordenesPorAnio(ctx.value) > LIMITES_MANTENIMIENTO.ordenesPorAnio) {
      ctx.issues.push({
        code: 'custom',
        message: MENSAJES_MANTENIMIENTO.demasiadas,
        input: ctx.value,
        path: [ctx.value.tipo === 'tras_finalizar' ? 'dias' : 'cada'],
      });
    }
  });
export type ReglaRecurrencia = z.output<typeof zReglaRecurrencia>;

/** The most orders a rule can create in any year (Infinity for an interval of 0 or less). */
export function ordenesPorAnio(r: ReglaRecurrencia): number {
  const cada = r.tipo === 'tras_finalizar' ? r.dias : r.cada;
  if (cada < 1) return Number.POSITIVE_INFINITY;
  switch (r.tipo) {
    case 'dias':
    case 'tras_finalizar':
      return Math.ceil(366 / cada);
    case 'semanas':
      return Math.ceil((366 / (7 * cada)) * new Set(r.diasSemana).size);
    case 'meses':
      return Math.ceil(12 / cada);
  }
}

// ---------------------------------------------------------------------------------------------
// The dates of a rule. Days are counted as whole UTC days, so no zone and no DST enters here: the
// zone only says which day "today" is (hoyEn) and which instants a day spans (inicioDelDia).

const DIA_MS = 86_400_000;
const numero = (d: Dia): number => Date.parse(`${d}T00:00:00Z`) / DIA_MS;
const diaDe = (n: number): Dia => new Date(n * DIA_MS).toISOString().slice(0, 10);
export { diaDeSemana };
const diasDelMes = (anio: number, mes0: number): number => new Date(Date.UTC(anio, mes0 + 1, 0)).getUTCDate();

/** When a plan's dates run: from `inicio`, up to `fin` (inclusive) when there is one. */
export interface Vigencia {
  inicio: Dia;
  fin: Dia | null;
}

/**
 * The due days of a calendar rule (dias, semanas, meses) from `desde` on, in order, at most
 * `max` of them and none after `hasta` or the plan's end. `tras_finalizar` has no calendar: see
 * `siguienteTrasFinalizar`.
 */
export function fechasDeRegla(r: ReglaRecurrencia, v: Vigencia, desde: Dia, hasta: Dia | null, max: number): Dia[] {
  if (ordenesPorAnio(r) === Number.POSITIVE_INFINITY || max <= 0) return [];
  const piso = Math.max(numero(v.inicio), numero(desde));
  const techos = [hasta, v.fin].filter((x): x is Dia => x != null).map(numero);
  const techo = techos.length ? Math.min(...techos) : Number.POSITIVE_INFINITY;
  const out: Dia[] = [];
  const poner = (n: number): boolean => {
    if (n > techo) return false;
    if (n >= piso) out.push(diaDe(n));
    return out.length < max;
  };
  const inicio = numero(v.inicio);
  switch (r.tipo) {
    case 'tras_finalizar':
      if (inicio >= piso && inicio <= techo) out.push(v.inicio);
      return out.slice(0, max);
    case 'dias': {
      // Jump to the first step at or after the floor.
      let n = inicio + Math.max(0, Math.ceil((piso - inicio) / r.cada)) * r.cada;
      while (poner(n)) n += r.cada;
      return out;
    }
    case 'semanas': {
      const lunes = inicio - (diaDeSemana(v.inicio) - 1);
      const dias = [...new Set(r.diasSemana)].sort((a, b) => a - b);
      const salto = 7 * r.cada;
      let semana = lunes + Math.max(0, Math.floor((piso - lunes) / salto)) * salto;
      for (;;) {
        for (const d of dias) {
          const n = semana + d - 1;
          if (n < inicio) continue;
          if (!poner(n)) return out;
        }
        semana += salto;
      }
    }
    case 'meses': {
      const i = new Date(inicio * DIA_MS);
      const base = i.getUTCFullYear() * 12 + i.getUTCMonth();
      const p = new Date(piso * DIA_MS);
      let k = Math.max(0, Math.floor((p.getUTCFullYear() * 12 + p.getUTCMonth() - base) / r.cada) * r.cada);
      for (;;) {
        const m = base + k;
        const anio = Math.floor(m / 12);
        const mes0 = m % 12;
        const n = Date.UTC(anio, mes0, Math.min(r.dia, diasDelMes(anio, mes0))) / DIA_MS;
        if (n >= inicio && !poner(n)) return out;
        if (n > techo) return out;
        k += r.cada;
      }
    }
  }
}

/** The next due day of a `tras_finalizar` plan: `dias` after the day the previous order was finished. */
export function siguienteTrasFinalizar(dias: number, finalizada: Dia): Dia {
  return sumarDias(finalizada, dias);
}

/**
 * The next `n` due days of a plan from `hoy` on (the preview of the form and the list). For
 * `tras_finalizar` only the first is known before an order is finished: the start, or the day
 * after the last finished one.
 */
export function proximasFechas(
  r: ReglaRecurrencia,
  v: Vigencia,
  hoy: Dia,
  n: number = LIMITES_MANTENIMIENTO.proximas,
  ultimaFinalizada: Dia | null = null,
): Dia[] {
  if (r.tipo === 'tras_finalizar' && ultimaFinalizada) {
    const d = siguienteTrasFinalizar(r.dias, ultimaFinalizada);
    return v.fin && d > v.fin ? [] : [d < hoy ? hoy : d];
  }
  return fechasDeRegla(r, v, hoy, null, n);
}

// ---------------------------------------------------------------------------------------------
// The API

const zDia = z.string().refine((s) => esDia(s), MENSAJES_MANTENIMIENTO.diaInvalido);

/** The order each occurrence creates: the order's own fields and limits. */
export const zPlantillaOrden = zOrdenGuardar.pick({
  titulo: true,
  detalle: true,
  tipoOrden: true,
  area: true,
  prioridad: true,
  responsable: true,
});

export const zMantenimientoGuardar = z
  .object({
    cliente: zOrdenGuardar.shape.cliente,
    /** The client's site and equipo (ids, as on an order): each order it creates names them. */
    ubicacion: zId.nullable().optional().default(null),
    equipo: zId.nullable().optional().default(null),
    regla: zReglaRecurrencia,
    inicio: zDia,
    fin: zDia.nullable().optional().default(null),
    /** Days before the due day the order is created (0: on the day). */
    anticipacion: z
      .number({ error: 'La anticipación es un número de días.' })
      .int('La anticipación es un número de días.')
      .min(0, 'La anticipación no puede ser negativa.')
      .max(
        LIMITES_MANTENIMIENTO.anticipacionMaxima,
        `La anticipación admite hasta ${LIMITES_MANTENIMIENTO.anticipacionMaxima} días.`,
      )
      .optional()
      .default(0),
    plantilla: zPlantillaOrden,
    activo: z.boolean().optional().default(true),
  })
  .check((ctx) => {
    const { inicio, fin } = ctx.value;
    if (fin != null && esDia(inicio) && fin < inicio) {
      ctx.issues.push({ code: 'custom', message: MENSAJES_MANTENIMIENTO.finAntesDeInicio, input: fin, path: ['fin'] });
    }
  });
export type MantenimientoGuardar = z.input<typeof zMantenimientoGuardar>;

export const ESTADOS_OCURRENCIA = ['pendiente', 'creada', 'esperando_cupo', 'fallida'] as const;
export type EstadoOcurrencia = (typeof ESTADOS_OCURRENCIA)[number];
export const TEXTO_ESTADO_OCURRENCIA: Record<EstadoOcurrencia, string> = {
  pendiente: 'Pendiente',
  creada: 'Orden creada',
  esperando_cupo: 'Esperando cupo',
  fallida: 'No se pudo crear',
};

export const zOcurrencia = z.object({
  id: z.number().int(),
  mantenimientoId: z.number().int(),
  /** The due day. */
  fecha: z.string(),
  estado: z.enum(ESTADOS_OCURRENCIA),
  ordenId: z.number().int().nullable(),
  motivo: z.string().nullable(),
});
export type Ocurrencia = z.infer<typeof zOcurrencia>;

export const zMantenimiento = z.object({
  id: z.number().int(),
  cliente: z.number().int(),
  clienteNombre: z.string(),
  ubicacion: z.number().int().nullable(),
  equipo: z.number().int().nullable(),
  regla: zReglaRecurrencia,
  inicio: z.string(),
  fin: z.string().nullable(),
  anticipacion: z.number().int(),
  plantilla: z.object({
    titulo: z.string(),
    detalle: z.string(),
    tipoOrden: z.number().int().nullable(),
    area: z.number().int().nullable(),
    prioridad: z.number().int().nullable(),
    responsable: z.array(z.number().int()),
  }),
  activo: z.boolean(),
  creado: zEpochMs,
  /** The next due days from today (at most 5). */
  proximas: z.array(z.string()),
  /** Occurrences that wait for quota or failed, and the latest ones created. */
  ocurrencias: z.array(zOcurrencia),
});
export type Mantenimiento = z.infer<typeof zMantenimiento>;

export const zListaMantenimientos = z.object({ mantenimientos: z.array(zMantenimiento) });

/** The current period: orders the schedules will still create vs what the plan has left. */
export const zProyeccionCupo = z.object({
  programadas: z.number().int(),
  /** Orders left in the period (null: unlimited plan). */
  disponibles: z.number().int().nullable(),
  esperandoCupo: z.number().int(),
  periodoHasta: zEpochMs.nullable(),
});
export type ProyeccionCupo = z.infer<typeof zProyeccionCupo>;
