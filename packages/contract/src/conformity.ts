import { z } from 'zod';
// Only common.ts: client-side.ts imports this file for the public summary.
import { exigirCampo, zEpochMs, zTexto, zTokenDeEnlace } from './common.js';

/**
 * The client's conformity with an order's work (issue 31, docs/CONFORMIDAD.md): signed on site on
 * the phone (finger signature, name, optional DNI, time, optional location), or answered remotely
 * from the public summary («Conforme» / «No conforme» with a reason). An order type says whether it
 * is required before Finalizada, only before billing, or not at all.
 */

export const LIMITES_CONFORMIDAD = {
  /** Bytes of the signature image (PNG or JPEG), decoded. */
  firmaBytes: 200 * 1024,
  /** Characters of the base64 text that carries it (data URL prefix included). */
  firmaBase64: Math.ceil((200 * 1024) / 3) * 4 + 64,
  nombre: 200,
  dni: 20,
  motivo: 2000,
  /** A signature's time may be earlier than its arrival (offline), never later than this. */
  futuroToleradoMs: 5 * 60_000,
} as const;

/** When an order type requires the client's conformity. */
export const CONFORMIDAD_REQUERIDA = ['no', 'antes_de_finalizar', 'antes_de_facturar'] as const;
export type ConformidadRequerida = (typeof CONFORMIDAD_REQUERIDA)[number];
export const zConformidadRequerida = z.enum(CONFORMIDAD_REQUERIDA, {
  error: 'La conformidad debe ser no, antes_de_finalizar o antes_de_facturar.',
});

/** What the forms show for each setting. */
export const TEXTO_CONFORMIDAD_REQUERIDA: Record<ConformidadRequerida, string> = {
  no: 'No se pide',
  antes_de_finalizar: 'Antes de finalizar',
  antes_de_facturar: 'Antes de facturar',
};

/** The state of an order's conformity: nothing yet, accepted (signed or «Conforme»), or rejected. */
export const ESTADOS_CONFORMIDAD = ['pendiente', 'conforme', 'no_conforme'] as const;
export type EstadoConformidad = (typeof ESTADOS_CONFORMIDAD)[number];
export const zEstadoConformidad = z.enum(ESTADOS_CONFORMIDAD);

/** Fixed Spanish texts of these calls, shared by server and web. */
export const MENSAJES_CONFORMIDAD = {
  firmaObligatoria: 'Falta la firma del cliente.',
  firmaNoImagen: 'La firma debe ser una imagen PNG o JPEG.',
  firmaGrande: `La firma no puede pesar más de ${LIMITES_CONFORMIDAD.firmaBytes / 1024} KB.`,
  nombreObligatorio: 'El nombre de quien firma es obligatorio.',
  nombreLargo: `El nombre admite hasta ${LIMITES_CONFORMIDAD.nombre} caracteres.`,
  dniInvalido: 'El DNI debe tener entre 7 y 8 dígitos (puede llevar puntos).',
  fechaFutura: 'La fecha de la firma no puede ser posterior a ahora.',
  motivoObligatorio: 'Indique el motivo de la no conformidad.',
  motivoLargo: `El motivo admite hasta ${LIMITES_CONFORMIDAD.motivo} caracteres.`,
  latitud: 'La latitud debe estar entre -90 y 90.',
  longitud: 'La longitud debe estar entre -180 y 180.',
  precision: 'La precisión debe ser un número de metros no negativo.',
  sinPermisoFirma: 'No puede registrar la conformidad de esta orden: necesita poder modificarla.',
  sinPermisoTipos: 'Necesita el permiso «Áreas y tipos de orden» para cambiar la conformidad de los tipos de orden.',
  requeridaParaFinalizar: 'Falta la conformidad del cliente: este tipo de orden la exige antes de finalizar.',
  requeridaParaFacturar: 'Falta la conformidad del cliente: este tipo de orden la exige antes de facturar.',
  gracias: 'Gracias: registramos su conformidad.',
  registradaNoConforme: 'Registramos su no conformidad. La empresa ya fue avisada.',
  yaRespondida: 'Esta respuesta ya estaba registrada.',
  ordenCancelada: 'La orden fue cancelada: ya no admite una respuesta de conformidad.',
  notificacionTitulo: (numero: number) => `No conforme: orden #${numero}`,
} as const;

/** A DNI: 7 or 8 digits, dots allowed as thousands separators (12.345.678); stored as digits. */
export const zDni = zTexto('El DNI debe ser un texto.')
  .trim()
  .max(LIMITES_CONFORMIDAD.dni, MENSAJES_CONFORMIDAD.dniInvalido)
  .regex(/^(\d{1,2}\.?\d{3}\.?\d{3})$/, MENSAJES_CONFORMIDAD.dniInvalido)
  .transform((v) => v.replace(/\./g, ''));

/** Where the signature was made, only when the person allowed it. */
export const zUbicacion = z.object({
  lat: z
    .number(MENSAJES_CONFORMIDAD.latitud)
    .min(-90, MENSAJES_CONFORMIDAD.latitud)
    .max(90, MENSAJES_CONFORMIDAD.latitud),
  lng: z
    .number(MENSAJES_CONFORMIDAD.longitud)
    .min(-180, MENSAJES_CONFORMIDAD.longitud)
    .max(180, MENSAJES_CONFORMIDAD.longitud),
  /** Accuracy in metres, as the device reports it. */
  precision: z.number(MENSAJES_CONFORMIDAD.precision).min(0, MENSAJES_CONFORMIDAD.precision).nullable().optional(),
});
export type Ubicacion = z.input<typeof zUbicacion>;

/** The reason of a «No conforme»: plain text, never HTML. */
export const zMotivoConformidad = zTexto('El motivo debe ser un texto.')
  .trim()
  .max(LIMITES_CONFORMIDAD.motivo, MENSAJES_CONFORMIDAD.motivoLargo);

// ---------------------------------------------------------------------------------------------
// On site (logged in)

/**
 * POST /api/v2/orden/{id}/conformidad/firma: the client signs on the phone. `firma` is the image as
 * base64 (a `data:image/png;base64,` prefix is accepted); the server checks it is a real PNG or JPEG
 * of at most 200 KB. `fecha` is when it was signed (the phone may send it later, offline).
 */
export const zFirmaConformidad = z.object({
  firma: zTexto(MENSAJES_CONFORMIDAD.firmaObligatoria)
    .trim()
    .min(1, MENSAJES_CONFORMIDAD.firmaObligatoria)
    .max(LIMITES_CONFORMIDAD.firmaBase64, MENSAJES_CONFORMIDAD.firmaGrande),
  nombre: zTexto(MENSAJES_CONFORMIDAD.nombreObligatorio)
    .trim()
    .min(1, MENSAJES_CONFORMIDAD.nombreObligatorio)
    .max(LIMITES_CONFORMIDAD.nombre, MENSAJES_CONFORMIDAD.nombreLargo),
  dni: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zDni.nullish()),
  fecha: zEpochMs.optional(),
  ubicacion: zUbicacion.nullish(),
});
export type FirmaConformidad = z.input<typeof zFirmaConformidad>;

// ---------------------------------------------------------------------------------------------
// What the company sees

/** The signature on site, as read back (the image at GET /api/v2/orden/{id}/conformidad/firma). */
export const zFirmaLeida = z.object({
  nombre: z.string(),
  dni: z.string().nullable(),
  /** When it was signed (as the phone said). */
  fecha: zEpochMs,
  /** When the server received it. */
  registrada: zEpochMs,
  ubicacion: z.object({ lat: z.number(), lng: z.number(), precision: z.number().nullable() }).nullable(),
  /** The user who took the signature. */
  registradaPor: z.string(),
  tipoImagen: z.enum(['image/png', 'image/jpeg']),
});
export type FirmaLeida = z.infer<typeof zFirmaLeida>;

/** The client's answer from the public summary. */
export const zRespuestaRemotaLeida = z.object({
  conforme: z.boolean(),
  motivo: z.string().nullable(),
  fecha: zEpochMs,
});
export type RespuestaRemotaLeida = z.infer<typeof zRespuestaRemotaLeida>;

/** GET /api/v2/orden/{id}/conformidad and the answer of every change. */
export const zConformidadOrden = z.object({
  ordenId: z.number().int(),
  /** What the order's type requires. */
  requerida: zConformidadRequerida,
  /** The latest of the signature and the remote answer decides. */
  estado: zEstadoConformidad,
  firma: zFirmaLeida.nullable(),
  remota: zRespuestaRemotaLeida.nullable(),
  /** When the state last changed (null while pending). */
  fecha: zEpochMs.nullable(),
});
export type ConformidadOrden = z.infer<typeof zConformidadOrden>;

// ---------------------------------------------------------------------------------------------
// Remote (public summary, no login)

/** POST /api/v2/ordersummary/conformidad {k, conforme, motivo}: the reason is required for «No conforme». */
export const zConformidadRemota = z
  .object({
    k: zTokenDeEnlace(200, 'El enlace no es válido.'),
    conforme: z.boolean('Indique si está conforme (true) o no (false).'),
    motivo: z.preprocess((v) => (v === null ? undefined : v), zMotivoConformidad.optional()),
  })
  .superRefine(exigirCampo('motivo', MENSAJES_CONFORMIDAD.motivoObligatorio, (v) => !v.conforme && !v.motivo));
export type ConformidadRemota = z.input<typeof zConformidadRemota>;

/** The conformity as the public summary shows it: no user names, no DNI, no location. */
export const zConformidadPublica = z.object({
  requerida: zConformidadRequerida,
  estado: zEstadoConformidad,
  /** Who signed on site and when. */
  firma: z.object({ nombre: z.string(), fecha: zEpochMs }).nullable(),
  remota: zRespuestaRemotaLeida.nullable(),
  /** The page offers «Conforme» / «No conforme» (the order is finished or being worked on). */
  puedeResponder: z.boolean(),
});
export type ConformidadPublica = z.infer<typeof zConformidadPublica>;

/** The answer of the public call: the message to show and the conformity as it now is. */
export const zConformidadRemotaHecha = z.object({
  ok: z.literal(true),
  mensaje: z.string(),
  conformidad: zConformidadPublica,
});
export type ConformidadRemotaHecha = z.infer<typeof zConformidadRemotaHecha>;

// ---------------------------------------------------------------------------------------------
// Order types (Tipos de Orden, altaEtiquetas)

/** One order type's setting. Types never set are `no`. */
export const zConformidadTipo = z.object({ tipoOrdenId: z.number().int(), conformidad: zConformidadRequerida });
export type ConformidadTipo = z.infer<typeof zConformidadTipo>;

/** GET /api/v2/conformidad/tiposOrden: the setting of every type of the company that has one. */
export const zConformidadTipos = z.array(zConformidadTipo);

/** PUT /api/v2/conformidad/tipoOrden/{id} {conformidad}. */
export const zGuardarConformidadTipo = z.object({ conformidad: zConformidadRequerida });
export type GuardarConformidadTipo = z.input<typeof zGuardarConformidadTipo>;
