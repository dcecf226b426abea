import { z } from 'zod';
import { exigirCampo, zEpochMs, zTexto } from './common.js';

/**
 * WhatsApp and the channels of each kind of event (issue 35, docs/WHATSAPP.md). Each user chooses,
 * per kind of event, the app (the notification list), push, mail and WhatsApp; each client has a
 * WhatsApp number with an opt-in and an opt-out. Messages leave through an outbox, with an
 * approved template of the WhatsApp Business Cloud API per kind of event.
 */

// ---------------------------------------------------------------------------------------------
// Kinds of event and channels

/** Every kind of event that can leave by WhatsApp (one template each). */
export const EVENTOS_AVISO = [
  'ORDEN_CREADA',
  'ORDEN_ESTADO',
  'ORDEN_ASIGNADA',
  'ENCUESTA',
  'SLA_POR_VENCER',
  'SOLICITUD_RECIBIDA',
] as const;
export type EventoAviso = (typeof EVENTOS_AVISO)[number];

/** How each kind of event is named on screen. */
export const NOMBRES_EVENTO_AVISO: Record<EventoAviso, string> = {
  ORDEN_CREADA: 'Orden creada',
  ORDEN_ESTADO: 'Cambió de estado',
  ORDEN_ASIGNADA: 'Asignada a usted',
  ENCUESTA: 'Encuesta',
  SLA_POR_VENCER: 'SLA por vencer',
  SOLICITUD_RECIBIDA: 'Solicitud recibida',
};

/**
 * The kinds a user of the company chooses channels for: an order assigned to them, a state change
 * of an order they are responsible for, a service-level warning, a request received (the outsiders'
 * issue; nothing raises it until requests exist).
 */
export const EVENTOS_USUARIO = ['ORDEN_ASIGNADA', 'ORDEN_ESTADO', 'SLA_POR_VENCER', 'SOLICITUD_RECIBIDA'] as const;
export type EventoUsuario = (typeof EVENTOS_USUARIO)[number];

/** The kinds a client with an opt-in receives by WhatsApp, about its own orders. */
export const EVENTOS_CLIENTE = ['ORDEN_CREADA', 'ORDEN_ESTADO', 'ENCUESTA'] as const;
export type EventoCliente = (typeof EVENTOS_CLIENTE)[number];

export const CANALES_AVISO = ['app', 'push', 'correo', 'whatsapp'] as const;
export type CanalAviso = (typeof CANALES_AVISO)[number];

export const NOMBRES_CANAL_AVISO: Record<CanalAviso, string> = {
  app: 'En la app',
  push: 'Push',
  correo: 'Correo',
  whatsapp: 'WhatsApp',
};

export const zCanales = z.object({
  app: z.boolean({ error: 'Indique sí o no.' }),
  push: z.boolean({ error: 'Indique sí o no.' }),
  correo: z.boolean({ error: 'Indique sí o no.' }),
  whatsapp: z.boolean({ error: 'Indique sí o no.' }),
});
export type Canales = z.infer<typeof zCanales>;

/**
 * What a user gets until they choose: the app and push for everything (as before this issue), no
 * mail and no WhatsApp (WhatsApp needs their number and their consent first).
 */
export const CANALES_POR_OMISION: Record<EventoUsuario, Canales> = {
  ORDEN_ASIGNADA: { app: true, push: true, correo: false, whatsapp: false },
  ORDEN_ESTADO: { app: true, push: true, correo: false, whatsapp: false },
  SLA_POR_VENCER: { app: true, push: true, correo: false, whatsapp: false },
  SOLICITUD_RECIBIDA: { app: true, push: true, correo: false, whatsapp: false },
};

// ---------------------------------------------------------------------------------------------
// Numbers

export const MENSAJE_NUMERO_WHATSAPP =
  'Ingrese un número de WhatsApp válido, con código de área (por ejemplo +54 9 11 2345-6789).';

/** A national Argentine number is always 10 digits: area code (2 to 4) plus the subscriber's. */
const DIGITOS_NACIONALES_AR = 10;

/**
 * An Argentine national number (area + subscriber, maybe with the mobile «15» after the area code)
 * as the 10 digits WhatsApp needs after +54 9; null when it is not one.
 */
function nacionalArgentino(d: string): string | null {
  if (d.length === DIGITOS_NACIONALES_AR) return d.startsWith('0') ? null : d;
  if (d.length !== DIGITOS_NACIONALES_AR + 2) return null;
  // «15» after an area code of 2, 3 or 4 digits (Buenos Aires is 11: two digits).
  for (const largoArea of d.startsWith('11') ? [2] : [3, 4, 2]) {
    if (d.slice(largoArea, largoArea + 2) === '15') {
      const sin = d.slice(0, largoArea) + d.slice(largoArea + 2);
      return sin.startsWith('0') ? null : sin;
    }
  }
  return null;
}

/**
 * A phone number as WhatsApp addresses it (E.164, `+` and digits), or null when it is not one.
 * Argentina's own rules: a mobile is +54 9 and the 10 national digits; «0» before the area code and
 * «15» after it are dropped; a number written without the country (0351 15 123-4567, 11 2345 6789)
 * is taken as Argentine. Another country's number is kept as written (8 to 15 digits).
 */
export function normalizarWhatsapp(texto: string): string | null {
  const limpio = texto.trim().replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(limpio)) return null;
  let internacional: string | null = null;
  if (limpio.startsWith('+')) internacional = limpio.slice(1);
  else if (limpio.startsWith('00')) internacional = limpio.slice(2);
  else if (limpio.startsWith('54') && limpio.length >= 12) internacional = limpio;
  if (internacional === null) {
    const nacional = nacionalArgentino(limpio.startsWith('0') ? limpio.slice(1) : limpio);
    return nacional ? `+549${nacional}` : null;
  }
  if (internacional.startsWith('54')) {
    let resto = internacional.slice(2);
    if (resto.startsWith('9')) resto = resto.slice(1);
    if (resto.startsWith('0')) resto = resto.slice(1);
    const nacional = nacionalArgentino(resto);
    return nacional ? `+549${nacional}` : null;
  }
  if (internacional.startsWith('0') || internacional.length < 8 || internacional.length > 15) return null;
  return `+${internacional}`;
}

/** A WhatsApp number field: normalised to E.164, or a Spanish reason. */
export const zNumeroWhatsapp = zTexto('Ingrese el número.')
  .trim()
  .max(30, MENSAJE_NUMERO_WHATSAPP)
  .transform((s, ctx) => {
    const n = normalizarWhatsapp(s);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_NUMERO_WHATSAPP });
      return z.NEVER;
    }
    return n;
  });

/** The same, where '' or null clears the number. */
export const zNumeroWhatsappOpcional = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  zNumeroWhatsapp.nullable(),
);

// ---------------------------------------------------------------------------------------------
// A user's channels: GET/PUT /api/v4/whatsapp/canales (each user their own)

export const zCanalesUsuario = z.object({
  /** The user's WhatsApp number (E.164), or null. */
  numero: z.string().nullable(),
  /** When the user accepted to receive messages on it; null: nothing is sent by WhatsApp. */
  optIn: zEpochMs.nullable(),
  eventos: z.object({
    ORDEN_ASIGNADA: zCanales,
    ORDEN_ESTADO: zCanales,
    SLA_POR_VENCER: zCanales,
    SOLICITUD_RECIBIDA: zCanales,
  }),
  /** Whether this installation sends real messages or writes them to files (the test mode). */
  modo: z.enum(['real', 'prueba']),
});
export type CanalesUsuario = z.infer<typeof zCanalesUsuario>;

export const zGuardarCanalesUsuario = z.object({
  numero: zNumeroWhatsappOpcional,
  /** The user's consent to messages on that number (required to choose WhatsApp anywhere). */
  acepta: z.boolean({ error: 'Indique sí o no.' }),
  eventos: z.object({
    ORDEN_ASIGNADA: zCanales,
    ORDEN_ESTADO: zCanales,
    SLA_POR_VENCER: zCanales,
    SOLICITUD_RECIBIDA: zCanales,
  }),
});
export type GuardarCanalesUsuario = z.input<typeof zGuardarCanalesUsuario>;

export const MENSAJE_WHATSAPP_SIN_NUMERO = 'Para recibir avisos por WhatsApp, ingrese su número y acepte recibirlos.';

// ---------------------------------------------------------------------------------------------
// A client's WhatsApp: GET/PUT /api/v4/whatsapp/clientes/:id

/** How a client's consent was given (recorded with its date). */
export const ORIGENES_OPT_IN = ['escrito', 'verbal', 'formulario', 'mensaje'] as const;
export type OrigenOptIn = (typeof ORIGENES_OPT_IN)[number];
export const NOMBRES_ORIGEN_OPT_IN: Record<OrigenOptIn, string> = {
  escrito: 'Por escrito (correo, nota firmada)',
  verbal: 'De palabra (teléfono, en persona)',
  formulario: 'En un formulario de la empresa',
  mensaje: 'Escribió primero por WhatsApp',
};

/** How a client's WhatsApp was turned off: by the company, or by the client replying «BAJA». */
export const ORIGENES_OPT_OUT = ['empresa', 'baja'] as const;
export type OrigenOptOut = (typeof ORIGENES_OPT_OUT)[number];

export const zWhatsappCliente = z.object({
  clienteId: z.number().int(),
  numero: z.string().nullable(),
  /** The consent in force: its date, how it was given, and who recorded it. Null: none. */
  optIn: z
    .object({ fecha: zEpochMs, origen: z.enum(ORIGENES_OPT_IN), registradoPor: z.string().nullable() })
    .nullable(),
  /** The last opt-out (the number receives nothing until a new opt-in). Null: none. */
  optOut: z.object({ fecha: zEpochMs, origen: z.enum(ORIGENES_OPT_OUT) }).nullable(),
});
export type WhatsappCliente = z.infer<typeof zWhatsappCliente>;

/**
 * Saves a client's number and consent (administrators). `optIn: true` records a new consent with
 * today's date and `origen` (required then); `false` records an opt-out by the company.
 */
export const zGuardarWhatsappCliente = z
  .object({
    numero: zNumeroWhatsappOpcional,
    optIn: z.boolean({ error: 'Indique sí o no.' }),
    origen: z.enum(ORIGENES_OPT_IN, { error: 'Elija cómo dio el cliente su consentimiento.' }).nullable().optional(),
  })
  .superRefine(exigirCampo('numero', 'Ingrese el número del cliente.', (v) => v.optIn && !v.numero))
  .superRefine(exigirCampo('origen', 'Elija cómo dio el cliente su consentimiento.', (v) => v.optIn && !v.origen));
export type GuardarWhatsappCliente = z.input<typeof zGuardarWhatsappCliente>;

// ---------------------------------------------------------------------------------------------
// Templates: GET /api/v4/whatsapp/plantillas

/**
 * The approved templates of the Cloud API, one per kind of event, in Spanish (es_AR); `{{n}}` are
 * the parameters in order. Each carries the order's public link. Their names are the ones a company
 * registers in its WhatsApp Manager (docs/WHATSAPP.md).
 */
export const PLANTILLAS_WHATSAPP: Record<
  EventoAviso,
  { nombre: string; texto: string; parametros: readonly string[] }
> = {
  ORDEN_CREADA: {
    nombre: 'delego_orden_creada',
    texto: 'Hola {{1}}, registramos su orden #{{2}}: {{3}}. Puede seguirla aquí: {{4}}',
    parametros: ['Nombre del cliente', 'Número de orden', 'Título', 'Enlace público'],
  },
  ORDEN_ESTADO: {
    nombre: 'delego_orden_estado',
    texto: 'La orden #{{1}} ({{2}}) pasó a {{3}}. Véala aquí: {{4}}',
    parametros: ['Número de orden', 'Título', 'Estado nuevo', 'Enlace público'],
  },
  ORDEN_ASIGNADA: {
    nombre: 'delego_orden_asignada',
    texto: 'Hola {{1}}, se le asignó la orden #{{2}}: {{3}}. Véala aquí: {{4}}',
    parametros: ['Nombre del usuario', 'Número de orden', 'Título', 'Enlace público'],
  },
  ENCUESTA: {
    nombre: 'delego_encuesta',
    texto: 'Hola {{1}}, terminamos la orden #{{2}}: {{3}}. ¿Nos cuenta cómo le fue? Responda aquí: {{4}}',
    parametros: ['Nombre del cliente', 'Número de orden', 'Título', 'Enlace público'],
  },
  SLA_POR_VENCER: {
    nombre: 'delego_sla_por_vencer',
    texto: 'La orden #{{1}} ({{2}}) está por vencer su nivel de servicio: {{3}}. Véala aquí: {{4}}',
    parametros: ['Número de orden', 'Título', 'Qué vence y cuándo', 'Enlace público'],
  },
  SOLICITUD_RECIBIDA: {
    nombre: 'delego_solicitud_recibida',
    texto: 'Recibimos una solicitud: {{1}}. Puede seguirla aquí: {{2}}',
    parametros: ['Qué se pidió', 'Enlace público'],
  },
};

/** The language of every template. */
export const IDIOMA_PLANTILLAS_WHATSAPP = 'es_AR';

/** A template's text with its parameters put in (what the test-mode file and the history show). */
export function textoDePlantilla(evento: EventoAviso, parametros: readonly string[]): string {
  return PLANTILLAS_WHATSAPP[evento].texto.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parametros[Number(n) - 1] ?? '');
}

export const zPlantillaWhatsapp = z.object({
  evento: z.enum(EVENTOS_AVISO),
  nombre: z.string(),
  idioma: z.string(),
  texto: z.string(),
  parametros: z.array(z.string()),
  /** Who receives it: the company's users, its clients, or both. */
  destinatarios: z.enum(['usuarios', 'clientes', 'ambos']),
});
export const zPlantillasWhatsapp = z.object({
  modo: z.enum(['real', 'prueba']),
  plantillas: z.array(zPlantillaWhatsapp),
});
export type PlantillasWhatsapp = z.infer<typeof zPlantillasWhatsapp>;

/** Who receives a kind of event by WhatsApp: the company's users, its clients, or both. */
export function destinatariosDeAviso(e: EventoAviso): PlantillasWhatsapp['plantillas'][number]['destinatarios'] {
  const usuarios = (EVENTOS_USUARIO as readonly EventoAviso[]).includes(e);
  const clientes = (EVENTOS_CLIENTE as readonly EventoAviso[]).includes(e);
  return usuarios && clientes ? 'ambos' : clientes ? 'clientes' : 'usuarios';
}

/** Every template, as GET /api/v4/whatsapp/plantillas lists them in this mode. */
export function plantillasWhatsapp(modo: PlantillasWhatsapp['modo']): PlantillasWhatsapp {
  return {
    modo,
    plantillas: EVENTOS_AVISO.map((evento) => ({
      evento,
      nombre: PLANTILLAS_WHATSAPP[evento].nombre,
      idioma: IDIOMA_PLANTILLAS_WHATSAPP,
      texto: PLANTILLAS_WHATSAPP[evento].texto,
      parametros: [...PLANTILLAS_WHATSAPP[evento].parametros],
      destinatarios: destinatariosDeAviso(evento),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Messages of an order: GET /api/v4/whatsapp/orden/:id

export const ESTADOS_MENSAJE_WHATSAPP = [
  'pendiente',
  'enviado',
  'entregado',
  'leido',
  'fallido',
  /** Failed for good and sent by mail instead. */
  'correo',
] as const;
export type EstadoMensajeWhatsapp = (typeof ESTADOS_MENSAJE_WHATSAPP)[number];
export const NOMBRES_ESTADO_MENSAJE_WHATSAPP: Record<EstadoMensajeWhatsapp, string> = {
  pendiente: 'pendiente',
  enviado: 'enviado',
  entregado: 'entregado',
  leido: 'leído',
  fallido: 'no se pudo enviar',
  correo: 'enviado por correo',
};

export const zMensajeWhatsapp = z.object({
  id: z.number().int(),
  ordenId: z.number().int().nullable(),
  evento: z.enum(EVENTOS_AVISO),
  /** Who it was for: «Cliente» (the order's client) or a user, by name. */
  destinatario: z.object({ tipo: z.enum(['usuario', 'cliente']), nombre: z.string() }),
  /** The number, all but its last four digits hidden. */
  numero: z.string(),
  texto: z.string(),
  creado: zEpochMs,
  estado: z.enum(ESTADOS_MENSAJE_WHATSAPP),
  /** Each status reached, in order, with its time (enviado, entregado, leído…). */
  estados: z.array(z.object({ estado: z.enum(ESTADOS_MENSAJE_WHATSAPP), fecha: zEpochMs })),
});
export type MensajeWhatsapp = z.infer<typeof zMensajeWhatsapp>;

/** «WhatsApp a Cliente: entregado, leído»: a message as the order's history shows it. */
export function descripcionMensajeWhatsapp(m: Pick<MensajeWhatsapp, 'destinatario' | 'estados' | 'estado'>): string {
  const quien = m.destinatario.tipo === 'cliente' ? 'Cliente' : m.destinatario.nombre;
  const pasos = m.estados.length ? m.estados.map((e) => e.estado) : [m.estado];
  return `WhatsApp a ${quien}: ${pasos.map((e) => NOMBRES_ESTADO_MENSAJE_WHATSAPP[e]).join(', ')}`;
}

/** A number as a screen shows it to others: +54 9 ••• ••• 5678. */
export function numeroOculto(e164: string): string {
  return `${e164.slice(0, 5)} ••• ${e164.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Limits

/** Messages a company sends in 24 h, all recipients together (past it, none until the window frees; the app and mail still go). */
export const LIMITE_WHATSAPP_EMPRESA = 1000;
/** Messages one number receives from a company in 24 h (past it, the same). */
export const LIMITE_WHATSAPP_NUMERO = 30;
/** The word a client replies to stop every message (any case, with or without accents or spaces). */
export const PALABRA_BAJA_WHATSAPP = 'BAJA';
