import { z } from 'zod';
import { zEpochMs, zId, zIdCon, zOrdenNumeroTitulo, zTexto } from './common.js';
import { zEmail, zTokenEnlace } from './accounts.js';

/**
 * Surveys (issue 13, SPEC §2 enviar-encuesta, encuestas/:resultado, grafico-encuestas, and §7
 * "Surveys"): a company asks the client of an order how the work went. The mail carries five
 * links (1 to 5); a click opens the public page `encuestas/<k>?puntaje=N`, which records the rating
 * at once and then lets the person add a comment or change the rating (docs/ENCUESTAS.md).
 */

/** How long a survey link lasts. */
export const VIGENCIA_ENCUESTA_MS = 30 * 24 * 3_600_000;

/**
 * After the first rating, the person may still change it and add a comment for this long (or
 * until they press «Enviar»): then the answer is final and the link only says «ya respondida».
 */
export const EDICION_ENCUESTA_MS = 24 * 3_600_000;

export const LIMITES_ENCUESTAS = {
  /** Surveys one order may send, counting every send (automatic ones too). */
  enviosPorOrden: 3,
  /** Characters of the comment. */
  comentario: 2000,
  puntajeMinimo: 1,
  puntajeMaximo: 5,
} as const;

/** The five ratings, with what each means (the mail and the page show these words). */
export const PUNTAJES = [
  { valor: 1, texto: 'Muy malo' },
  { valor: 2, texto: 'Malo' },
  { valor: 3, texto: 'Regular' },
  { valor: 4, texto: 'Bueno' },
  { valor: 5, texto: 'Excelente' },
] as const;

/** Fixed Spanish texts of these calls, shared by server and web. */
export const MENSAJES_ENCUESTAS = {
  enviada: (email: string) => `Enviamos la encuesta a ${email}. El enlace vence en 30 días.`,
  limiteEnvios: `Esta orden ya tiene ${LIMITES_ENCUESTAS.enviosPorOrden} encuestas enviadas: no se pueden enviar más.`,
  sinEmail: 'El cliente de la orden no tiene email: escriba a qué dirección enviar la encuesta.',
  puntaje: `El puntaje debe ser un número entero del ${LIMITES_ENCUESTAS.puntajeMinimo} al ${LIMITES_ENCUESTAS.puntajeMaximo}.`,
  comentarioLargo: `El comentario admite hasta ${LIMITES_ENCUESTAS.comentario} caracteres.`,
  enlaceInvalido: 'El enlace de la encuesta no es válido. Revise que esté completo.',
  vencida: 'La encuesta venció: pasaron más de 30 días desde que se envió.',
  yaRespondida: 'Esta encuesta ya fue respondida. ¡Gracias!',
  sinPendiente: 'La orden no tiene una encuesta pendiente de respuesta.',
  sinPermisoResultados: 'Necesita el permiso «Estadísticas» para ver los resultados de las encuestas.',
  sinPermisoConfiguracion: 'Solo un administrador o el propietario puede cambiar el envío automático de encuestas.',
  sinPermisoEnviar:
    'No puede enviar encuestas de esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.',
  rangoInvalido: 'La fecha «desde» no puede ser posterior a la fecha «hasta».',
} as const;

/** A rating: an integer from 1 to 5. */
export const zPuntaje = z
  .number(MENSAJES_ENCUESTAS.puntaje)
  .int(MENSAJES_ENCUESTAS.puntaje)
  .min(LIMITES_ENCUESTAS.puntajeMinimo, MENSAJES_ENCUESTAS.puntaje)
  .max(LIMITES_ENCUESTAS.puntajeMaximo, MENSAJES_ENCUESTAS.puntaje);

/** The comment of an answer: plain text (never rendered as HTML), at most 2000 characters. */
export const zComentarioEncuesta = zTexto('El comentario debe ser un texto.')
  .trim()
  .max(LIMITES_ENCUESTAS.comentario, MENSAJES_ENCUESTAS.comentarioLargo);

// ---------------------------------------------------------------------------------------------
// Sending (logged in)

/**
 * POST /api/v2/encuesta/enviar {email, ordenId}. `email` may be left empty: the survey goes to the
 * contact address of the order's client.
 */
export const zEnviarEncuesta = z.object({
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zEmail.optional()),
  ordenId: zIdCon('Indique la orden (ordenId) de la encuesta.'),
});
export type EnviarEncuesta = z.input<typeof zEnviarEncuesta>;

/** One survey of an order, as the order's people see it. */
export const zEncuestaEnviada = z.object({
  id: z.number().int(),
  email: z.string(),
  enviadaEn: zEpochMs,
  enviadaPor: z.string(),
  vence: zEpochMs,
  /** pendiente: not answered yet; respondida; vencida: past its 30 days without an answer. */
  estado: z.enum(['pendiente', 'respondida', 'vencida']),
  puntaje: z.number().int().nullable(),
  comentario: z.string().nullable(),
  respondidaEn: zEpochMs.nullable(),
  automatica: z.boolean(),
});
export type EncuestaEnviada = z.infer<typeof zEncuestaEnviada>;

/** GET /api/v2/encuesta/orden/{id}: what the enviar-encuesta screen needs. */
export const zEncuestasDeOrden = z.object({
  ...zOrdenNumeroTitulo.shape,
  clienteNombre: z.string().nullable(),
  /** The client's contact address, to prefill the form (null when it has none). */
  emailSugerido: z.string().nullable(),
  enviosRestantes: z.number().int(),
  puedeEnviar: z.boolean(),
  encuestas: z.array(zEncuestaEnviada),
});
export type EncuestasDeOrden = z.infer<typeof zEncuestasDeOrden>;

/** The answer of a send: the survey, how many sends the order has left, and a message to show. */
export const zEnvioHecho = z.object({
  encuesta: zEncuestaEnviada,
  enviosRestantes: z.number().int(),
  mensaje: z.string(),
});
export type EnvioHecho = z.infer<typeof zEnvioHecho>;

// ---------------------------------------------------------------------------------------------
// Company setting

/**
 * Whether finishing an order sends its survey by itself (to the client's contact address, only
 * when the order has none sent yet). Off by default: the company decides to write to its clients.
 */
export const zConfigEncuestas = z.object({ envioAutomatico: z.boolean() });
export type ConfigEncuestas = z.infer<typeof zConfigEncuestas>;

export const zConfigEncuestasGuardar = z.object({
  envioAutomatico: z.boolean('Indique si el envío automático está activado (true o false).'),
});

// ---------------------------------------------------------------------------------------------
// Answering (public, by the link's token)

/** GET /api/v2/encuesta/publica?k= */
export const zEncuestaPublicaQuery = z.object({ k: zTokenEnlace });

/**
 * POST /api/v2/encuesta/responder {k, puntaje, comentario?, final?}: records or changes the answer.
 * `final: true` («Enviar») closes it; otherwise it stays open for changes for 24 hours.
 */
export const zResponderEncuesta = z.object({
  k: zTokenEnlace,
  puntaje: zPuntaje,
  comentario: zComentarioEncuesta.optional().nullable(),
  final: z.boolean('final debe ser true o false.').optional(),
});
export type ResponderEncuesta = z.input<typeof zResponderEncuesta>;

/**
 * What the public page shows: the company and the order, and where the survey stands.
 * `pendiente`: not answered; `respondida` with `editable`: answered, can still change; `cerrada`:
 * the answer is final; `vencida`: the link is past its 30 days. Nothing else about the company.
 */
export const zEncuestaPublica = z.object({
  estado: z.enum(['pendiente', 'respondida', 'cerrada', 'vencida']),
  editable: z.boolean(),
  entidadNombre: z.string(),
  logo: z.string().nullable(),
  orden: z.object({ numero: z.number().int(), titulo: z.string() }),
  puntaje: z.number().int().nullable(),
  comentario: z.string().nullable(),
  vence: zEpochMs,
  mensaje: z.string(),
});
export type EncuestaPublica = z.infer<typeof zEncuestaPublica>;

// ---------------------------------------------------------------------------------------------
// Results (verEstadisticas)

const zMsQuery = (campo: string) =>
  z.coerce
    .number(`${campo} debe ser una fecha en milisegundos.`)
    .int(`${campo} debe ser una fecha en milisegundos.`)
    .min(0, `${campo} debe ser una fecha en milisegundos.`)
    .max(8_640_000_000_000, `${campo} debe ser una fecha en milisegundos.`)
    .optional();

/**
 * GET /api/v2/encuestas?fechaDesde&fechaHasta&cliente&responsable&tipoOrden: surveys SENT in the
 * range (ms, both ends included), of orders of that client, with that responsable, of that type.
 */
export const zEncuestasQuery = z
  .object({
    fechaDesde: zMsQuery('fechaDesde'),
    fechaHasta: zMsQuery('fechaHasta'),
    cliente: zIdCon('cliente debe ser el id de un cliente.').optional(),
    responsable: zIdCon('responsable debe ser el id de un usuario.').optional(),
    tipoOrden: zIdCon('tipoOrden debe ser el id de un tipo de orden.').optional(),
    tsp: zTexto().optional(),
  })
  .refine((q) => q.fechaDesde === undefined || q.fechaHasta === undefined || q.fechaDesde <= q.fechaHasta, {
    path: ['fechaDesde'],
    message: MENSAJES_ENCUESTAS.rangoInvalido,
  });
export type EncuestasQuery = z.input<typeof zEncuestasQuery>;

/** One answer, for the list of comments and the table. */
export const zRespuestaEncuesta = z.object({
  id: z.number().int(),
  ...zOrdenNumeroTitulo.shape,
  cliente: z.string().nullable(),
  responsables: z.array(z.string()),
  puntaje: z.number().int(),
  comentario: z.string().nullable(),
  respondidaEn: zEpochMs,
});
export type RespuestaEncuesta = z.infer<typeof zRespuestaEncuesta>;

/** An average over a group (a month, a responsable, a client). */
export const zPromedioGrupo = z.object({
  id: z.number().int().nullable(),
  nombre: z.string(),
  cantidad: z.number().int(),
  promedio: z.number(),
});
export type PromedioGrupo = z.infer<typeof zPromedioGrupo>;

/**
 * The results: how many were sent and answered, the average, the distribution (index 0 is the
 * count of 1s ... index 4 of 5s), the response rate (0..1), the monthly trend (by answer month,
 * 'YYYY-MM' in the company's zone), averages by responsable and by client, and the latest answers.
 */
export const zResultadosEncuestas = z.object({
  enviadas: z.number().int(),
  respondidas: z.number().int(),
  promedio: z.number().nullable(),
  distribucion: z.array(z.number().int()).length(5),
  tasaRespuesta: z.number().nullable(),
  porMes: z.array(z.object({ mes: z.string(), cantidad: z.number().int(), promedio: z.number() })),
  porResponsable: z.array(zPromedioGrupo),
  porCliente: z.array(zPromedioGrupo),
  respuestas: z.array(zRespuestaEncuesta),
});
export type ResultadosEncuestas = z.infer<typeof zResultadosEncuestas>;

/** At most this many answers travel in `respuestas` (the latest first). */
export const MAX_RESPUESTAS_ENCUESTAS = 200;

/** The average rounded to one decimal, in Spanish ('4,3'), or '—' when there is none. */
export function textoPromedio(promedio: number | null): string {
  if (promedio === null || !Number.isFinite(promedio)) return '—';
  return (Math.round(promedio * 10) / 10).toLocaleString('es-AR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** The order id of a path (`/api/v2/encuesta/orden/:id`). */
export const zParamOrdenEncuesta = z.object({ id: zId });
