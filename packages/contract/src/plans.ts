import { z } from 'zod';
import { zEpochMs, zIdCon, zIdNombre, zTexto } from './common.js';

/**
 * Plans and payments (issue 15; SPEC §2 planes and mercadopago-tarjeta, §3 Plan and Subscription,
 * §6 admin only, §7 "Plans"; docs/PLANES.md). The company pays a plan by the month through
 * MercadoPago (a subscription charged to a card token) or, without credentials, through the test
 * mode, which behaves like MercadoPago's sandbox: the cardholder name picks the outcome.
 */

/** A grace period pending payment: until `hasta` (ms) the plan keeps working; then it drops to the free plan. */
export const zGraciaPlan = z.object({ hasta: zEpochMs });

/** A downgrade scheduled for the next renewal: the plan that starts `desde` (ms). */
export const zCambioPendiente = z.object({ planNombre: z.string(), desde: zEpochMs });

/**
 * GET /api/v2/plan/estado (also the payload of the live topic /plan/entidad/{id}). An empty (null)
 * quota means unlimited orders. `gracia` and `pendiente` are additive: absent or null when none.
 */
export const zPlanEstado = z.object({
  nombre: z.string(),
  quota: z.number().int().nullable(),
  quotaDisponible: z.number().int().nullable(),
  fechaProximoVencimiento: z.number().int().nullable(),
  /** A payment failed: the plan works until `hasta`, then drops to the free plan. */
  gracia: zGraciaPlan.nullable().optional(),
  /** A downgrade that applies at the next renewal. */
  pendiente: zCambioPendiente.nullable().optional(),
});
export type PlanEstado = z.infer<typeof zPlanEstado>;

/** Days a company keeps its paid plan after a failed payment. */
export const DIAS_GRACIA = 7;

/** Fixed Spanish texts of the plan calls, shared by server and web. */
export const MENSAJES_PLANES = {
  sinPermiso: 'Solo un administrador o el propietario puede cambiar el plan.',
  otraEntidad: 'Solo puede cambiar el plan de su propia empresa.',
  planInexistente: 'El plan elegido no existe o ya no está disponible.',
  mismoPlan: 'La empresa ya tiene ese plan.',
  faltaTarjeta: 'Para un plan pago hay que indicar la tarjeta (datosTarjeta).',
  tokenInvalido: 'El token de la tarjeta no es válido. Vuelva a cargar los datos de la tarjeta.',
  tokenPrueba: 'En modo de prueba el token de la tarjeta debe empezar con «prueba_».',
  ultimosCuatro: 'ultimosCuatro debe tener exactamente 4 dígitos.',
  marca: 'La marca de la tarjeta no es válida: debe ser una de las que acepta MercadoPago (visa, master, amex…).',
  pagosNoConfigurados:
    'Los pagos en línea no están configurados en este servidor: no se puede cambiar a un plan pago. Consulte al administrador de Delego.',
  montoNoCoincide: 'el monto o la moneda del pago no coinciden con el precio del plan.',
  titular: 'Indique el nombre del titular de la tarjeta (hasta 100 caracteres).',
  aprobado: (plan: string) => `¡Listo! El pago fue aprobado y la empresa ya tiene el plan ${plan}.`,
  pendiente: (plan: string) =>
    `El pago quedó pendiente. Cuando MercadoPago lo apruebe, la empresa pasará al plan ${plan}.`,
  rechazado: (motivo: string) => `El pago fue rechazado: ${motivo} El plan no cambió.`,
  programado: (plan: string, fecha: string) =>
    `El cambio al plan ${plan} se aplicará en la próxima renovación, el ${fecha}.`,
  gratis: (plan: string) => `La empresa pasó al plan ${plan}.`,
  proveedorNoDisponible: 'No se pudo contactar a MercadoPago. Intente de nuevo en unos minutos.',
  cambioEnCurso: 'Ya hay un cambio de plan esperando la aprobación del pago. Intente de nuevo en unos minutos.',
  firmaInvalida: 'La firma de la notificación no es válida.',
  pagoDesconocido: 'El pago notificado no corresponde a ninguna suscripción de Delego.',
} as const;

/** Why a payment was rejected, per MercadoPago's status_detail (the test mode uses the same). */
export const MOTIVOS_RECHAZO = {
  cc_rejected_other_reason: 'la tarjeta rechazó el pago (error general).',
  cc_rejected_call_for_authorize: 'debe autorizar el pago con el banco emisor de la tarjeta.',
  cc_rejected_insufficient_amount: 'la tarjeta no tiene saldo suficiente.',
  cc_rejected_bad_filled_security_code: 'el código de seguridad es incorrecto.',
  cc_rejected_bad_filled_date: 'la fecha de vencimiento es incorrecta.',
  cc_rejected_bad_filled_other: 'hay un error en los datos de la tarjeta.',
} as const;

/**
 * MercadoPago's sandbox test cards (any future expiry, e.g. 11/30; CVV 123, Amex 1234). In test
 * mode the web's own form accepts only these numbers; the cardholder name picks the outcome.
 */
export const TARJETAS_DE_PRUEBA = [
  { marca: 'Mastercard', medio: 'master', numero: '5031755734530604', cvv: '123', vencimiento: '11/30' },
  { marca: 'Visa', medio: 'visa', numero: '4509953566233704', cvv: '123', vencimiento: '11/30' },
  { marca: 'American Express', medio: 'amex', numero: '371180303257522', cvv: '1234', vencimiento: '11/30' },
  { marca: 'Mastercard Débito', medio: 'debmaster', numero: '5287338310253304', cvv: '123', vencimiento: '11/30' },
  { marca: 'Visa Débito', medio: 'debvisa', numero: '4002768694395619', cvv: '123', vencimiento: '11/30' },
] as const satisfies readonly {
  marca: string;
  medio: IdMarcaTarjeta;
  numero: string;
  cvv: string;
  vencimiento: string;
}[];

/** The payment outcome each test cardholder name gives (MercadoPago sandbox). Any other name: OTHE. */
export const TITULARES_DE_PRUEBA = {
  APRO: { estado: 'aprobado', detalle: 'accredited', texto: 'Pago aprobado' },
  CONT: { estado: 'pendiente', detalle: 'pending_contingency', texto: 'Pago pendiente' },
  OTHE: { estado: 'rechazado', detalle: 'cc_rejected_other_reason', texto: 'Rechazado por error general' },
  CALL: {
    estado: 'rechazado',
    detalle: 'cc_rejected_call_for_authorize',
    texto: 'Rechazado: validación para autorizar',
  },
  FUND: { estado: 'rechazado', detalle: 'cc_rejected_insufficient_amount', texto: 'Rechazado por saldo insuficiente' },
  SECU: {
    estado: 'rechazado',
    detalle: 'cc_rejected_bad_filled_security_code',
    texto: 'Rechazado: código de seguridad inválido',
  },
  EXPI: { estado: 'rechazado', detalle: 'cc_rejected_bad_filled_date', texto: 'Rechazado: fecha de vencimiento' },
  FORM: { estado: 'rechazado', detalle: 'cc_rejected_bad_filled_other', texto: 'Rechazado: error en el formulario' },
} as const;

/**
 * The card brands a payment may carry: MercadoPago's `payment_method_id` of the cards it takes in
 * Argentina (credit and debit, as listed in MercadoPago's «Medios de pago disponibles»), with the
 * name a person reads. Anything else (a card number
 * included) is refused with 400 and never stored.
 */
export const MARCAS_TARJETA = {
  visa: 'Visa',
  debvisa: 'Visa Débito',
  master: 'Mastercard',
  debmaster: 'Mastercard Débito',
  amex: 'American Express',
  naranja: 'Naranja',
  cabal: 'Cabal',
  debcabal: 'Cabal Débito',
  maestro: 'Maestro',
  argencard: 'Argencard',
  cencosud: 'Cencosud',
  cmr: 'CMR',
  diners: 'Diners',
  tarshop: 'Tarjeta Shopping',
} as const;
export type IdMarcaTarjeta = keyof typeof MARCAS_TARJETA;
export const IDS_MARCA_TARJETA = Object.keys(MARCAS_TARJETA) as [IdMarcaTarjeta, ...IdMarcaTarjeta[]];

/** The prefix of a token made by the test-mode card form: `prueba_` + 16 to 64 of [a-z0-9]. */
export const PREFIJO_TOKEN_PRUEBA = 'prueba_';
export const TOKEN_PRUEBA = /^prueba_[a-z0-9]{16,64}$/;

/**
 * What a plan card lists (issue 36, «planes honestos»): no plan gates a feature, so the cards say
 * only what is true of every plan; the quota (and the price) is the one difference, shown apart.
 * The server answers these lines in `incluye`, whatever the database's `planes.incluye` says.
 */
export function incluyeDelPlan(): string[] {
  return ['Usuarios ilimitados', 'Encuestas, estadísticas y tablero', 'Informes de demoras, archivos y gastos'];
}

/**
 * The same moment a month later (UTC), on the month's last day when it has no such day: a paid
 * period's end, from the day it was paid (an upgrade starts a new period, docs/PLANES.md).
 */
export function unMesDespues(d: Date): Date {
  const r = new Date(d);
  const dia = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + 1);
  const ultimo = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(dia, ultimo));
  return r;
}

// ---------------------------------------------------------------------------------------------
// Catalogue, permission, history

/** One plan of GET /api/v2/plan/all. `precioMensual` in ARS (0 = free); a null quota = unlimited. */
export const zPlanCatalogo = zIdNombre.extend({
  precioMensual: z.number(),
  moneda: z.literal('ARS'),
  quota: z.number().int().nullable(),
  /** What the plan includes, one line each, to show in the comparison. */
  incluye: z.array(z.string()),
  /** The company's current plan. */
  actual: z.boolean(),
  /** The plan scheduled for the next renewal (a downgrade). */
  programado: z.boolean(),
});
export type PlanCatalogo = z.infer<typeof zPlanCatalogo>;

/**
 * GET /api/v2/plan/habilitado: whether this user may change the plan here (ADMIN or PROPIETARIO;
 * the web also hides everything on iOS). `modoPrueba`: no MercadoPago credentials, the screens show
 * the «Modo de prueba» banner and the project's own card form; otherwise the Card Payment Brick
 * with `publicKey`.
 */
export const zPlanHabilitado = z.object({
  habilitado: z.boolean(),
  /** Why not, in Spanish, when `habilitado` is false. */
  motivo: z.string().nullable(),
  modoPrueba: z.boolean(),
  proveedor: z.enum(['mercadopago', 'prueba']),
  /** MercadoPago's public key for the Brick; null in test mode. */
  publicKey: z.string().nullable(),
});
export type PlanHabilitado = z.infer<typeof zPlanHabilitado>;

export const ESTADOS_PAGO = ['aprobado', 'pendiente', 'rechazado', 'reembolsado', 'contracargo'] as const;
export const zEstadoPago = z.enum(ESTADOS_PAGO);
export type EstadoPago = z.infer<typeof zEstadoPago>;

/** The Spanish label of each payment state. */
export const TEXTO_ESTADO_PAGO: Record<EstadoPago, string> = {
  aprobado: 'Aprobado',
  pendiente: 'Pendiente',
  rechazado: 'Rechazado',
  reembolsado: 'Reembolsado',
  contracargo: 'Contracargo',
};

/** One payment of GET /api/v2/plan/pagos (the newest first). */
export const zPago = z.object({
  id: z.number().int(),
  fecha: zEpochMs,
  monto: z.number(),
  moneda: z.literal('ARS'),
  estado: zEstadoPago,
  planNombre: z.string(),
  /** The provider's reference of the payment (MercadoPago payment id, or `prueba-…`); null when none. */
  referencia: z.string().nullable(),
  /** Why it was rejected, in Spanish; null otherwise. */
  motivo: z.string().nullable(),
  /** Display data of the card: «Visa •••• 3704»; null when none. */
  tarjeta: z.string().nullable(),
});
export type Pago = z.infer<typeof zPago>;

// ---------------------------------------------------------------------------------------------
// Subscribing

/**
 * The card as the payment form returns it: the token (MercadoPago's, or `prueba_…` in test mode)
 * and display data only. The card number and CVV never reach the server.
 */
export const zDatosTarjeta = z.object({
  token: zTexto(MENSAJES_PLANES.tokenInvalido)
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, MENSAJES_PLANES.tokenInvalido),
  /** MercadoPago's payment_method_id of the card (`MARCAS_TARJETA`): `visa`, `master`, `debvisa`… */
  marca: z.enum(IDS_MARCA_TARJETA, MENSAJES_PLANES.marca),
  ultimosCuatro: zTexto(MENSAJES_PLANES.ultimosCuatro).regex(/^\d{4}$/, MENSAJES_PLANES.ultimosCuatro),
  titular: zTexto(MENSAJES_PLANES.titular).trim().min(1, MENSAJES_PLANES.titular).max(100, MENSAJES_PLANES.titular),
});
export type DatosTarjeta = z.input<typeof zDatosTarjeta>;

/**
 * POST /api/v2/plan/suscribir. `datosTarjeta` is required for a paid plan that costs more than the
 * current one (charged now); a downgrade or the free plan need none (it is ignored if sent).
 */
export const zSuscribir = z.object({
  entidadId: zIdCon('Indique la empresa (entidadId).'),
  planId: zIdCon('Indique el plan (planId).'),
  datosTarjeta: zDatosTarjeta.optional(),
});
export type Suscribir = z.input<typeof zSuscribir>;

/**
 * The answer of POST /api/v2/plan/suscribir (200 also when the card was rejected: the payment is
 * recorded as rejected and the plan does not change). `estado`: `aprobado` the plan changed now;
 * `pendiente` it changes when the provider approves; `rechazado` nothing changed; `programado` a
 * downgrade (to a cheaper plan or the free one) for the next renewal (see `plan.pendiente`).
 */
export const zResultadoSuscripcion = z.object({
  estado: z.enum(['aprobado', 'pendiente', 'rechazado', 'programado']),
  mensaje: z.string(),
  plan: zPlanEstado,
  pago: zPago.nullable(),
});
export type ResultadoSuscripcion = z.infer<typeof zResultadoSuscripcion>;

/**
 * POST /api/v2/plan/webhook/mercadopago: MercadoPago's notification (Webhooks, topic payment or
 * subscription_*). Only `id` (the event), `type` and `data.id` are read; the rest passes.
 */
export const zWebhookMercadoPago = z.looseObject({
  id: z.union([z.string().max(100), z.number().int()]).transform(String),
  type: z.string().max(100),
  action: z.string().max(100).optional(),
  data: z.looseObject({ id: z.union([z.string().min(1).max(100), z.number().int()]).transform(String) }),
});
export type WebhookMercadoPago = z.input<typeof zWebhookMercadoPago>;

/** The query MercadoPago adds to the webhook URL (`?data.id=…&type=…`); optional. */
export const zWebhookQuery = z.looseObject({
  'data.id': z.string().min(1).max(100).optional(),
  type: z.string().max(100).optional(),
});
