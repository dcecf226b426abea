import { z } from 'zod';
import { exigirCampo, zEpochMs, zId, zTokenDeEnlace } from './common.js';
import { emailOpcional, texto, textoOpcional } from './admin.js';
import { zNumeroWhatsappOpcional } from './whatsapp.js';

/**
 * Contractor links (externos, issue 33 part 2, docs/EXTERNOS.md): a user who may delegate orders
 * for the order's client hands one order to someone outside the company (a name, and an email or a
 * WhatsApp number to share the link with). The outsider opens `PUBLIC_URL/externo/<k>` without an
 * account and works that order only: accepts or rejects it, changes its state with a comment, adds
 * photos and files, logs hours and expenses and answers its checklist. Every act is in the history
 * as «Externo: nombre». The company revokes the link at any time; it expires 30 days after the
 * order is finished unless renewed.
 *
 * The link's token is its credential: `Authorization: Externo <k>` on the calls it may make (the
 * `externo*` routes below and the order's own state, files, hours and checklist routes, for that
 * order only). Any other call with it is 404; a revoked or expired link is 410.
 */

export const LIMITES_EXTERNO = {
  nombre: 120,
  email: 254,
  motivo: 500,
  token: 100,
  /** The link works this many days after the order is finished (and after each renewal). */
  diasTrasFinalizar: 30,
} as const;

/** The Authorization scheme of a contractor link: `Externo <k>`. */
export const ESQUEMA_EXTERNO = 'Externo';

/** Where the outsider stands with the order: not answered yet, working it, or refused it. */
export const RESPUESTAS_EXTERNO = ['pendiente', 'aceptada', 'rechazada'] as const;
export type RespuestaExterno = (typeof RESPUESTAS_EXTERNO)[number];
export const NOMBRES_RESPUESTA_EXTERNO: Record<RespuestaExterno, string> = {
  pendiente: 'Sin responder',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
};

/** Prefix of the name an outsider's acts carry in the history, the scorecard and everywhere. */
export const PREFIJO_EXTERNO = 'Externo: ';
export const nombreDeExterno = (nombre: string) => `${PREFIJO_EXTERNO}${nombre}`;

export const MENSAJES_EXTERNO = {
  noExiste: 'Este enlace no existe. Revise que lo copió completo o pida a la empresa uno nuevo.',
  revocado: 'La empresa revocó este enlace: ya no da acceso a la orden.',
  vencido: `Este enlace venció: la orden terminó hace más de ${LIMITES_EXTERNO.diasTrasFinalizar} días. Si necesita volver a entrar, pida a la empresa que lo renueve.`,
  ordenBorrada: 'La orden de este enlace ya no existe.',
  fueraDelEnlace: 'Este enlace solo da acceso a su orden.',
  soloAgregarArchivos: 'Con este enlace se pueden agregar archivos, no quitarlos.',
  sinAceptar: 'Primero acepte la orden para trabajar en ella.',
  rechazada: 'Usted rechazó esta orden: el enlace ya no permite cambiarla.',
  yaRespondida: 'Ya respondió esta orden.',
  sinDelegar: 'Necesita poder delegar órdenes del cliente de esta orden para entregarla a un externo.',
  yaEntregada: 'La orden ya está entregada a un externo con un enlace activo: revóquelo antes de entregarla a otro.',
  ordenCerrada: 'Una orden finalizada o cancelada no se puede entregar a un externo.',
  sinContacto: 'Deje un email o un número de WhatsApp para hacerle llegar el enlace.',
  yaRevocado: 'Este enlace ya estaba revocado.',
  noRenovable: 'Un enlace revocado o rechazado no se puede renovar: entregue la orden de nuevo.',
} as const;

/** The token as it travels (the Authorization header or the page's path). */
export const zTokenExterno = zTokenDeEnlace(LIMITES_EXTERNO.token, MENSAJES_EXTERNO.noExiste);

// ---------------------------------------------------------------------------------------------
// The company's side

/** POST /api/v4/externos/orden/:id: whom to hand the order to. */
export const zEntregaExterno = z
  .object({
    nombre: texto('El nombre', LIMITES_EXTERNO.nombre),
    email: emailOpcional(LIMITES_EXTERNO.email),
    /** A WhatsApp number (normalised to E.164 like the clients'), to share the link from the screen. */
    whatsapp: zNumeroWhatsappOpcional.optional(),
    /** A note for the outsider, mailed with the link and kept in the history. */
    mensaje: textoOpcional('El mensaje', LIMITES_EXTERNO.motivo),
  })
  .superRefine(exigirCampo('email', MENSAJES_EXTERNO.sinContacto, (v) => !v.email && !v.whatsapp));
export type EntregaExterno = z.input<typeof zEntregaExterno>;

/** One contractor link of an order, as the company sees it. */
export const zEnlaceExterno = z.object({
  id: zId,
  ordenId: zId,
  nombre: z.string(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  respuesta: z.enum(RESPUESTAS_EXTERNO),
  /** The outsider's reason when they rejected the order. */
  motivo: z.string().nullable(),
  creado: zEpochMs,
  creadoPor: z.string(),
  respondido: zEpochMs.nullable(),
  revocado: zEpochMs.nullable(),
  revocadoPor: z.string().nullable(),
  /** Until when it works: null while the order is open (30 days after it is finished, or a renewal). */
  vence: zEpochMs.nullable(),
  /** It opens the order now: not revoked, not expired, not rejected, the order not deleted. */
  activo: z.boolean(),
  /** The link itself, only while it is active (to copy or share it again). */
  url: z.string().nullable(),
  /** `https://wa.me/<número>?text=…` with the link, only while active and with a number. */
  compartirWhatsapp: z.string().nullable(),
  /** Whether the link was mailed when it was handed over (false: no email, or past the mail caps). */
  correoEnviado: z.boolean(),
});
export type EnlaceExterno = z.infer<typeof zEnlaceExterno>;

/** GET /api/v4/externos/orden/:id: the order's links, newest first, and whether the reader may hand it over. */
export const zEnlacesExternosOrden = z.object({
  enlaces: z.array(zEnlaceExterno),
  puedeEntregar: z.boolean(),
});
export type EnlacesExternosOrden = z.infer<typeof zEnlacesExternosOrden>;

// ---------------------------------------------------------------------------------------------
// The outsider's side (Authorization: Externo <k>)

/** One of the outsider's own hours or expenses (the order's others are not theirs to see). */
export const zHorasExterno = z.object({
  id: zId,
  fecha: zEpochMs,
  horas: z.number().int(),
  minutos: z.number().int(),
  descripcion: z.string(),
});
export const zGastoExterno = z.object({
  id: zId,
  fecha: zEpochMs,
  concepto: z.string(),
  monto: z.number(),
  moneda: z.string(),
});

/** A line of the order's history the outsider sees: state changes and comments, with who. */
export const zHistorialExterno = z.object({
  fecha: zEpochMs,
  quien: z.string(),
  estadoAnteriorId: z.number().int().nullable(),
  estadoNuevoId: z.number().int().nullable(),
  comentario: z.string().nullable(),
});

/** GET /api/v4/externo: the one order the link opens, and what its holder may do with it. */
export const zVistaExterno = z.object({
  empresa: z.object({ nombre: z.string(), zonaHoraria: z.string() }),
  externo: z.object({
    nombre: z.string(),
    /** The user the outsider's acts are written under (their entries, their outbox). */
    usuarioId: zId,
    respuesta: z.enum(RESPUESTAS_EXTERNO),
    motivo: z.string().nullable(),
    /** Until when the link works; null while the order is open. */
    vence: zEpochMs.nullable(),
    mensaje: z.string().nullable(),
  }),
  orden: z.object({
    id: zId,
    numero: z.number().int(),
    titulo: z.string(),
    detalle: z.string(),
    estadoId: z.number().int(),
    cliente: z.string().nullable(),
    ubicacion: z.string().nullable(),
    equipo: z.string().nullable(),
    tipo: z.string().nullable(),
    prioridad: z.string().nullable(),
    fechaFin: zEpochMs.nullable(),
  }),
  /** The states the outsider may move the order to now (empty until they accept). */
  estadosSiguientes: z.array(z.number().int()),
  historial: z.array(zHistorialExterno),
  horas: z.array(zHorasExterno),
  gastos: z.array(zGastoExterno),
  /** The order has a checklist (GET /api/v2/checklist/orden/:id with the same credential). */
  tieneChecklist: z.boolean(),
});
export type VistaExterno = z.infer<typeof zVistaExterno>;

/** POST /api/v4/externo/rechazar */
export const zRechazoExterno = z.object({ motivo: texto('El motivo', LIMITES_EXTERNO.motivo) });
