import { z } from 'zod';
import { zDiaExistente, zEpochMs, zIdCon, zIdNombre } from './common.js';
import type { Dia } from './fechas.js';
import { zPersona } from './orders.js';

/**
 * The calendar of everyone's workload (issue 32, docs/CALENDARIO.md): the orders due in a range of
 * days of the company's zone and the occurrences the recurring plans have scheduled in it.
 */

/** The longest range one call answers: six weeks (a month view, Monday to Sunday, is at most 42 days). */
export const CALENDARIO_MAX_DIAS = 42;

export const MENSAJES_CALENDARIO = {
  dia: 'Debe ser un día con el formato AAAA-MM-DD.',
  rangoInvertido: 'La fecha «desde» no puede ser posterior a «hasta».',
  rangoLargo: `El rango no puede superar ${CALENDARIO_MAX_DIAS} días (6 semanas).`,
  estados: 'estados debe ser una lista de ids de estado separados por comas.',
} as const;

/** Days from `desde` to `hasta`, both counted (1 for the same day). */
export function diasDelRango(desde: Dia, hasta: Dia): number {
  const ms = (d: Dia) => {
    const [a, m, dd] = d.split('-').map(Number) as [number, number, number];
    return Date.UTC(a, m - 1, dd);
  };
  return Math.round((ms(hasta) - ms(desde)) / 86_400_000) + 1;
}

const zDiaQuery = zDiaExistente(MENSAJES_CALENDARIO.dia);

/** `estados=1,2,5` (the list's filter, up to 10), as ids. */
const zEstadosQuery = z
  .string(MENSAJES_CALENDARIO.estados)
  .regex(/^\d{1,9}(,\d{1,9}){0,9}$/, MENSAJES_CALENDARIO.estados)
  .transform((s) => s.split(',').map(Number));

/** GET /api/v4/calendario: the range (days of the company's zone, both included) and the list's filters. */
export const zCalendarioQuery = z
  .object({
    desde: zDiaQuery,
    hasta: zDiaQuery,
    responsable: zIdCon('responsable debe ser el id de un usuario.').optional(),
    cliente: zIdCon('cliente debe ser el id de un cliente.').optional(),
    tipo: zIdCon('tipo debe ser el id de un tipo de orden.').optional(),
    estados: zEstadosQuery.optional(),
    tsp: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    const dias = diasDelRango(q.desde, q.hasta);
    if (dias < 1) ctx.addIssue({ code: 'custom', path: ['desde'], message: MENSAJES_CALENDARIO.rangoInvertido });
    else if (dias > CALENDARIO_MAX_DIAS)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: MENSAJES_CALENDARIO.rangoLargo });
  });
export type CalendarioQuery = z.input<typeof zCalendarioQuery>;

/**
 * An order due in the range, with what a day cell shows and whether the reader may move it. Lean
 * (a month may hold thousands): the state by id (`estadoVisible` names it) and the responsables by
 * id, sorted by name, each one in the answer's `personas`.
 */
export const zOrdenCalendario = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  titulo: z.string(),
  fechaFin: zEpochMs,
  estadoId: z.number().int(),
  /** Ids of `personas`, in the order the order screens show them (by name). */
  responsables: z.array(z.number().int()),
  /** The reader may change its dates (the order's modificar rule): the calendar lets it be dragged. */
  editable: z.boolean(),
});
export type OrdenCalendario = z.infer<typeof zOrdenCalendario>;

export const ESTADOS_PROGRAMADA = ['programada', 'esperando_cupo'] as const;

/**
 * One scheduled occurrence of a recurring plan, as the plans module gives it (the port
 * `FuenteProgramadas` of the calendar module): not an order yet.
 */
export const zProgramadaCalendario = z.object({
  planId: z.number().int(),
  titulo: z.string(),
  /** When it is due (epoch ms). */
  fecha: zEpochMs,
  clienteId: z.number().int().nullable(),
  responsables: z.array(z.number().int()),
  estado: z.enum(ESTADOS_PROGRAMADA),
});
export type ProgramadaCalendario = z.infer<typeof zProgramadaCalendario>;

/**
 * A scheduled occurrence as the calendar answers it: its client (one of `clientes`, or null) and its
 * responsables (ids of `personas`, by name), as an order's.
 */
export const zProgramadaEnCalendario = z.object({
  planId: z.number().int(),
  titulo: z.string(),
  fecha: zEpochMs,
  estado: z.enum(ESTADOS_PROGRAMADA),
  clienteId: z.number().int().nullable(),
  responsables: z.array(z.number().int()),
});
export type ProgramadaEnCalendario = z.infer<typeof zProgramadaEnCalendario>;

/**
 * GET /api/v4/calendario: the orders due and the occurrences scheduled, each naming people and
 * clients by id; every person and client named, once (docs/CALENDARIO.md).
 */
export const zCalendario = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** The company's zone the days are read in. */
  zona: z.string(),
  ordenes: z.array(zOrdenCalendario),
  programadas: z.array(zProgramadaEnCalendario),
  /** The people the orders and occurrences name, by name. */
  personas: z.array(zPersona),
  /** The clients the occurrences name. */
  clientes: z.array(zIdNombre),
});
export type Calendario = z.infer<typeof zCalendario>;
