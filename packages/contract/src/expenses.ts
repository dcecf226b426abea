import { z } from 'zod';
import { zPersona } from './orders.js';
import { zEpochMs, zId, zIdNombre, zTexto } from './common.js';

/**
 * Hours and expenses of an order (issue 5): PUT /api/v2/registro-gastos/{id} creates (no id),
 * corrects (with id) and removes (borrados) entries in one call; GET returns the order's log with
 * totals. Horas reportadas: hours per user and per client over a range (admins and owners).
 */

export const LIMITES_REGISTRO = {
  /** A user's hours in one calendar day (Argentina), over every order. */
  minutosPorDia: 24 * 60,
  descripcion: 1000,
  concepto: 200,
  /** Largest amount of one expense. */
  montoMaximo: 1_000_000_000,
  entradasPorEnvio: 100,
  /** Longest range of horas reportadas, in days. */
  diasReporte: 400,
} as const;

export const MONEDA_DEFECTO = 'ARS';

/** Dates of entries: from 2000 to 2100, in ms. */
const zFechaRegistro = z
  .number({ error: 'La fecha debe ser un número (milisegundos).' })
  .int('La fecha debe ser un número entero de milisegundos.')
  .min(Date.UTC(2000, 0, 1), 'La fecha es demasiado antigua.')
  .max(Date.UTC(2100, 0, 1), 'La fecha es demasiado lejana.');

const zIdRegistro = zId;

/** 'H:MM' from minutes: 150 -> '2:30'. */
export function horasTexto(minutos: number): string {
  const m = Math.max(0, Math.round(minutos));
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** Amount in cents from a number or a decimal string ('1500', '1500.5', '1500.50'); null when not valid. */
export function centavosDe(v: number | string): number | null {
  if (typeof v === 'string') {
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(v.trim())) return null;
    v = Number(v.trim());
  }
  if (!Number.isFinite(v)) return null;
  const c = Math.round(v * 100);
  if (Math.abs(v * 100 - c) > 1e-6) return null;
  return c;
}

/** '-5', ' -0.5', '-1e3': a string amount written with a minus sign. */
const NEGATIVO = /^\s*-/;

const zMonto = z
  .union([z.number({ error: 'El monto debe ser un número.' }), zTexto('El monto debe ser un número.')], {
    error: 'El monto debe ser un número.',
  })
  .transform((v, ctx) => {
    // A negative amount is refused for its sign before its format (-12.345 is not "too many decimals").
    if (typeof v === 'number' ? v < 0 : NEGATIVO.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'El monto debe ser mayor que cero.' });
      return z.NEVER;
    }
    const c = centavosDe(v);
    if (c === null) {
      ctx.addIssue({ code: 'custom', message: 'El monto debe ser un número con hasta 2 decimales.' });
      return z.NEVER;
    }
    if (c <= 0) {
      ctx.addIssue({ code: 'custom', message: 'El monto debe ser mayor que cero.' });
      return z.NEVER;
    }
    if (c > LIMITES_REGISTRO.montoMaximo * 100) {
      ctx.addIssue({ code: 'custom', message: 'El monto es demasiado grande.' });
      return z.NEVER;
    }
    return c;
  });

/** One hours entry as sent: without id it is new; with id it corrects that entry. */
export const zHorasEntrada = z
  .object({
    id: zIdRegistro.optional().nullable(),
    fecha: zFechaRegistro,
    horas: z
      .number({ error: 'Las horas deben ser un número.' })
      .int('Las horas deben ser un número entero.')
      .min(0, 'Las horas no pueden ser negativas.')
      .max(24, 'No se pueden registrar más de 24 horas en una entrada.'),
    minutos: z
      .number({ error: 'Los minutos deben ser un número.' })
      .int('Los minutos deben ser un número entero.')
      .min(0, 'Los minutos no pueden ser negativos.')
      .max(59, 'Los minutos van de 0 a 59.')
      .optional()
      .default(0),
    /** Whose hours they are; the actor's own when absent. */
    usuarioId: zIdRegistro.optional().nullable(),
    descripcion: zTexto()
      .trim()
      .max(LIMITES_REGISTRO.descripcion, `La descripción admite hasta ${LIMITES_REGISTRO.descripcion} caracteres.`)
      .optional()
      .default(''),
  })
  .superRefine((h, ctx) => {
    const total = h.horas * 60 + h.minutos;
    if (total === 0)
      ctx.addIssue({ code: 'custom', path: ['horas'], message: 'Indique al menos un minuto de trabajo.' });
    if (total > LIMITES_REGISTRO.minutosPorDia) {
      ctx.addIssue({
        code: 'custom',
        path: ['horas'],
        message: 'No se pueden registrar más de 24 horas en una entrada.',
      });
    }
  });

/** One expense as sent: without id it is new; with id it corrects that entry. */
export const zGastoEntrada = z.object({
  id: zIdRegistro.optional().nullable(),
  fecha: zFechaRegistro,
  concepto: zTexto('El concepto es obligatorio.')
    .trim()
    .min(1, 'El concepto es obligatorio.')
    .max(LIMITES_REGISTRO.concepto, `El concepto admite hasta ${LIMITES_REGISTRO.concepto} caracteres.`),
  /** A number (or decimal string) greater than 0, with at most 2 decimals. Travels back as a number. */
  monto: zMonto,
  moneda: zTexto()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'La moneda debe ser un código ISO de 3 letras (ARS, USD...).')
    .optional()
    .default(MONEDA_DEFECTO),
  /** A file of the same order that is the receipt. */
  comprobanteArchivoId: zIdRegistro.optional().nullable(),
});

const zIds = z.array(zIdRegistro).max(LIMITES_REGISTRO.entradasPorEnvio);

/** PUT /api/v2/registro-gastos/{id}. */
export const zRegistroCambios = z.object({
  horas: z.array(zHorasEntrada).max(LIMITES_REGISTRO.entradasPorEnvio).optional().default([]),
  gastos: z.array(zGastoEntrada).max(LIMITES_REGISTRO.entradasPorEnvio).optional().default([]),
  borrados: z
    .object({ horas: zIds.optional().default([]), gastos: zIds.optional().default([]) })
    .optional()
    .default({ horas: [], gastos: [] }),
});
export type RegistroCambios = z.input<typeof zRegistroCambios>;

/** The end of every entry of the log: when it was written and last changed, and whether the reader may change it. */
const FIN_DE_ENTRADA = { creado: zEpochMs, actualizado: zEpochMs, puedeEditar: z.boolean() };

export const zRegistroHoras = z.object({
  id: z.number().int(),
  fecha: zEpochMs,
  horas: z.number().int(),
  minutos: z.number().int(),
  /** Whose hours. */
  usuario: zPersona,
  /** Who logged them (may correct or remove them, as may an admin). */
  autor: zPersona,
  descripcion: z.string(),
  ...FIN_DE_ENTRADA,
});
export type RegistroHoras = z.infer<typeof zRegistroHoras>;

export const zRegistroGasto = z.object({
  id: z.number().int(),
  fecha: zEpochMs,
  concepto: z.string(),
  monto: z.number(),
  moneda: z.string(),
  comprobante: zIdNombre.extend({ url: z.string() }).nullable(),
  autor: zPersona,
  ...FIN_DE_ENTRADA,
});
export type RegistroGasto = z.infer<typeof zRegistroGasto>;

export const zTotalMoneda = z.object({ moneda: z.string(), total: z.number() });

/** GET and PUT /api/v2/registro-gastos/{id}: the order's log with totals. */
export const zRegistroOrden = z.object({
  ordenId: z.number().int(),
  horas: z.array(zRegistroHoras),
  gastos: z.array(zRegistroGasto),
  totales: z.object({
    minutos: z.number().int(),
    /** 'H:MM'. */
    horas: z.string(),
    gastos: z.array(zTotalMoneda),
  }),
  /** The reader may add entries (the order is not read-only for them). */
  puedeAgregar: z.boolean(),
  /** The reader may log hours for other users (admins and holders of modificarOrden). */
  puedeCargarAOtros: z.boolean(),
});
export type RegistroOrden = z.infer<typeof zRegistroOrden>;

/** GET /api/v2/horas-reportadas?desde&hasta: calendar days in Argentina, both ends included. */
export const zHorasReportadasQuery = z.object({
  desde: z.coerce.number().int().min(0).max(8_640_000_000_000).optional(),
  hasta: z.coerce.number().int().min(0).max(8_640_000_000_000).optional(),
});

export const zHorasReportadas = z.object({
  /** The range used (ms of the first and last day). */
  desde: zEpochMs,
  hasta: zEpochMs,
  totalMinutos: z.number().int(),
  /** One row per user and client (client null: orders without client). */
  filas: z.array(z.object({ usuario: zPersona, cliente: zIdNombre.nullable(), minutos: z.number().int() })),
  porUsuario: z.array(z.object({ usuario: zPersona, minutos: z.number().int() })),
  porCliente: z.array(z.object({ cliente: zIdNombre.nullable(), minutos: z.number().int() })),
});
export type HorasReportadas = z.infer<typeof zHorasReportadas>;
