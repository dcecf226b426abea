/**
 * The monthly service-level report of one client (issue 34, docs/SLA.md «Informe mensual»): the
 * counts of its orders created in a month and the list of those orders, for the company (JSON, PDF,
 * Excel), for the client through a link with a token, and mailed on the first working day of the
 * next month to the clients an administrator opted in.
 */
import { z } from 'zod';
import { exigirCampo, zEpochMs, zId, zIdNombre, zTexto } from './common.js';
import { LIMITES_CLIENTE_PUBLICO, zTokenPublico } from './client-side.js';
import { zConteoPlazo } from './statistics.js';

export const MENSAJES_INFORME_SLA = {
  mes: 'El mes debe tener el formato AAAA-MM.',
  emailObligatorio: 'Indique el email al que se envía el informe.',
  enlaceNoDisponible: 'Este informe no está disponible.',
  soloAdministradores: 'Solo un administrador (ADMIN o PROPIETARIO) cambia el envío del informe mensual.',
} as const;

/** Orders listed at most in one report (the counts always cover all of them). */
export const MAX_ORDENES_INFORME_SLA = 1000;

/** A month «AAAA-MM». */
export const zMesInforme = zTexto(MENSAJES_INFORME_SLA.mes).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MENSAJES_INFORME_SLA.mes);

/** GET /api/v4/sla/informe?cliente=&mes= (and its PDF and Excel). */
export const zInformeSlaQuery = z.object({ cliente: zId, mes: zMesInforme });
export type InformeSlaQuery = z.input<typeof zInformeSlaQuery>;

/** The public report's query: the link's token. */
export const zInformeSlaPublicoQuery = z.object({ k: zTokenPublico });

/** How one target of an order ended: met in time, broken (late, or open past due), still running. */
export const RESULTADOS_PLAZO = ['cumplida', 'incumplida', 'en-curso'] as const;
export type ResultadoPlazo = (typeof RESULTADOS_PLAZO)[number];

export const NOMBRE_RESULTADO_PLAZO: Record<ResultadoPlazo, string> = {
  cumplida: 'Cumplido',
  incumplida: 'Incumplido',
  'en-curso': 'En curso',
};

export const zPlazoInforme = z.object({
  vence: zEpochMs,
  cumplidaEn: zEpochMs.nullable(),
  resultado: z.enum(RESULTADOS_PLAZO),
});
export type PlazoInforme = z.infer<typeof zPlazoInforme>;

export const zOrdenInforme = z.object({
  numero: z.number().int(),
  titulo: z.string(),
  creada: zEpochMs,
  /** null: the order's policy has no such target. */
  respuesta: zPlazoInforme.nullable(),
  resolucion: zPlazoInforme.nullable(),
});
export type OrdenInforme = z.infer<typeof zOrdenInforme>;

export const zInformeSla = z.object({
  entidad: z.object({ nombre: z.string() }),
  cliente: zIdNombre,
  mes: z.string(),
  /** The month in the company's zone: [desde, hasta]. */
  desde: zEpochMs,
  hasta: zEpochMs,
  ordenes: z.number().int(),
  respuesta: zConteoPlazo,
  resolucion: zConteoPlazo,
  /** The orders by number, at most MAX_ORDENES_INFORME_SLA; `omitidas` says how many more there are. */
  lista: z.array(zOrdenInforme),
  omitidas: z.number().int(),
  generado: zEpochMs,
});
export type InformeSla = z.infer<typeof zInformeSla>;

/** The public link of a client's month. */
export const zEnlaceInformeSla = z.object({ url: z.string() });
export type EnlaceInformeSla = z.infer<typeof zEnlaceInformeSla>;

/** The monthly send of a client: on or off, and the address. */
export const zEnvioInformeSla = z.object({
  clienteId: z.number().int(),
  activo: z.boolean(),
  email: z.string().nullable(),
  /** The client's own email, offered when none is set yet. */
  emailCliente: z.string().nullable(),
  /** The last month sent («AAAA-MM») and when; null before the first. */
  ultimoMes: z.string().nullable(),
  ultimoEnvio: zEpochMs.nullable(),
});
export type EnvioInformeSla = z.infer<typeof zEnvioInformeSla>;

const zEmailInforme = zTexto(MENSAJES_INFORME_SLA.emailObligatorio)
  .trim()
  .max(LIMITES_CLIENTE_PUBLICO.email, `El email admite hasta ${LIMITES_CLIENTE_PUBLICO.email} caracteres.`)
  .pipe(z.union([z.literal(''), z.email('El email no es una dirección válida.')]));

/** PUT /api/v4/sla/envio-informe/:id: turned on needs an email. */
export const zGuardarEnvioInformeSla = z
  .object({ activo: z.boolean(), email: zEmailInforme.nullable().optional() })
  .superRefine(exigirCampo('email', MENSAJES_INFORME_SLA.emailObligatorio, (v) => v.activo && !v.email));
export type GuardarEnvioInformeSla = z.input<typeof zGuardarEnvioInformeSla>;

/** The month before «AAAA-MM». */
export function mesAnterior(mes: string): string {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  return m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}`;
}

/** The month after «AAAA-MM». */
export function mesSiguiente(mes: string): string {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  return m === 12 ? `${a + 1}-01` : `${a}-${String(m + 1).padStart(2, '0')}`;
}

/** A share as the report writes it: «87,5 %», or «—» when nothing was decided. */
export function textoPorcentaje(p: number | null): string {
  if (p === null) return '—';
  return `${(Math.round(p * 1000) / 10).toLocaleString('es-AR')} %`;
}
