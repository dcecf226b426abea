import { z } from 'zod';
import { zEpochMs, zId, zTokenDeEnlace } from './common.js';
import { emailOpcional, texto, textoOpcional } from './admin.js';

/**
 * Requests (solicitudes, issue 33, docs/SOLICITUDES.md): someone outside the company (the client's
 * people) asks for work without an account, by the client's request link or by a site's or an
 * equipo's QR; the company's users who may delegate orders for that client accept it (it becomes an
 * order) or reject it with a reason; the requester follows it by a tracking link.
 */

export const LIMITES_SOLICITUD = {
  que: 2000,
  donde: 300,
  nombre: 120,
  telefono: 40,
  email: 254,
  motivo: 500,
  /** Photos per request, and the size of each. */
  fotos: 5,
  fotoBytes: 8 * 1024 * 1024,
  token: 100,
} as const;

export const ESTADOS_SOLICITUD = ['pendiente', 'aceptada', 'rechazada'] as const;
export type EstadoSolicitud = (typeof ESTADOS_SOLICITUD)[number];
export const NOMBRES_ESTADO_SOLICITUD: Record<EstadoSolicitud, string> = {
  pendiente: 'Pendiente',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
};

export const MENSAJES_SOLICITUD = {
  enlaceNoDisponible: 'Este enlace de pedidos no existe. Pida a la empresa un enlace nuevo.',
  enlaceDesactivado: 'Este enlace de pedidos ya no está activo. Pida a la empresa el enlace nuevo.',
  sinContacto: 'Deje un email o un teléfono para que podamos avisarle.',
  telefonoSinDigitos: 'El teléfono debe tener al menos 6 dígitos.',
  enviada: 'Recibimos su pedido. Le enviamos por correo un enlace para seguirlo.',
  enviadaSinCorreo: 'Recibimos su pedido. Guarde este enlace para seguirlo.',
  fotoNoImagen: 'Cada foto debe ser una imagen (JPG, PNG, WebP o HEIC).',
  fotoGrande: `Cada foto puede pesar hasta ${LIMITES_SOLICITUD.fotoBytes / (1024 * 1024)} MB.`,
  demasiadasFotos: `Puede adjuntar hasta ${LIMITES_SOLICITUD.fotos} fotos.`,
  yaResuelta: 'Esta solicitud ya fue aceptada o rechazada.',
  sinPermiso: 'No puede delegar órdenes de este cliente.',
} as const;

/** A public token (request link or tracking link), as it travels in `?k=`, `?t=` or a form field. */
export const zTokenSolicitud = zTokenDeEnlace(LIMITES_SOLICITUD.token, MENSAJES_SOLICITUD.enlaceNoDisponible);

// ---------------------------------------------------------------------------------------------
// The public side (no account)

/** GET /api/v4/publico/solicitud?k= */
export const zFormularioSolicitudQuery = z.object({ k: zTokenSolicitud });

/**
 * What the request form shows: who it goes to (the company and the client, by name) and, from a
 * QR, the place (site or equipo, by its name). Nothing else of the company.
 */
export const zFormularioSolicitud = z.object({
  empresa: z.string(),
  cliente: z.string(),
  lugar: z.object({ tipo: z.enum(['ubicacion', 'equipo']), nombre: z.string() }).nullable(),
});
export type FormularioSolicitud = z.infer<typeof zFormularioSolicitud>;

/**
 * The fields of a request (multipart: these as fields, plus up to 5 parts `fotos`). `sitio` is a
 * honeypot (hidden from people: a filled one is a robot, answered as if accepted and discarded).
 * `clave` is the device's id of this send (a UUID): the same one twice is the same request.
 */
export const zSolicitudPublica = z
  .object({
    que: texto('Qué necesita', LIMITES_SOLICITUD.que),
    donde: textoOpcional('Dónde', LIMITES_SOLICITUD.donde),
    nombre: texto('Su nombre', LIMITES_SOLICITUD.nombre),
    email: emailOpcional(LIMITES_SOLICITUD.email),
    telefono: textoOpcional('El teléfono', LIMITES_SOLICITUD.telefono),
    sitio: z.string().max(500).optional(),
    clave: z.uuid('Falta el identificador del envío.'),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.telefono)
      ctx.addIssue({ code: 'custom', path: ['email'], message: MENSAJES_SOLICITUD.sinContacto });
    // A number the company can call back: free text («341 555-1234 int. 12»), but with its digits.
    if (v.telefono && (v.telefono.match(/\d/g)?.length ?? 0) < 6)
      ctx.addIssue({ code: 'custom', path: ['telefono'], message: MENSAJES_SOLICITUD.telefonoSinDigitos });
  });
export type SolicitudPublica = z.input<typeof zSolicitudPublica>;

/** POST answer: what to tell the person, and the tracking link (also mailed when there is an email). */
export const zSolicitudEnviada = z.object({ mensaje: z.string(), seguimiento: z.string() });
export type SolicitudEnviada = z.infer<typeof zSolicitudEnviada>;

/** GET /api/v4/publico/solicitud/seguimiento?t= */
export const zSeguimientoQuery = z.object({ t: zTokenSolicitud });

/** The tracking page: where the request stands; once accepted, the order's public summary. */
export const zSeguimientoSolicitud = z.object({
  empresa: z.string(),
  que: z.string(),
  creada: zEpochMs,
  estado: z.enum(ESTADOS_SOLICITUD),
  /** «Rechazada: motivo». */
  motivo: z.string().nullable(),
  /** The order's public summary (its URL) once accepted. */
  resumen: z.string().nullable(),
});
export type SeguimientoSolicitud = z.infer<typeof zSeguimientoSolicitud>;

// ---------------------------------------------------------------------------------------------
// The company's side

export const zFotoSolicitud = z.object({ id: z.number().int(), nombre: z.string(), tamano: z.number().int() });

export const zSolicitud = z.object({
  id: z.number().int(),
  clienteId: z.number().int(),
  clienteNombre: z.string(),
  que: z.string(),
  donde: z.string().nullable(),
  /** From a QR: the site or equipo (with its id, to link it). */
  lugar: z.object({ tipo: z.enum(['ubicacion', 'equipo']), id: z.number().int(), nombre: z.string() }).nullable(),
  contacto: z.object({ nombre: z.string(), email: z.string().nullable(), telefono: z.string().nullable() }),
  fotos: z.array(zFotoSolicitud),
  creada: zEpochMs,
  estado: z.enum(ESTADOS_SOLICITUD),
  motivo: z.string().nullable(),
  /** Who accepted or rejected it, and when. */
  resueltaPor: z.string().nullable(),
  resuelta: zEpochMs.nullable(),
  /** The order it became. */
  orden: z.object({ id: z.number().int(), numero: z.number().int() }).nullable(),
});
export type Solicitud = z.infer<typeof zSolicitud>;

export const zSolicitudesQuery = z.object({ estado: z.enum(ESTADOS_SOLICITUD).optional() });

/** The menu's badge: pending requests the user may act on. */
export const zPendientesSolicitudes = z.object({ pendientes: z.number().int() });

export const zParamsFotoSolicitud = z.object({ id: zId, fotoId: zId });

/** Accepting: the order is created with the request's text, photos and place; optionally its responsables. */
export const zAceptarSolicitud = z.object({ responsable: z.array(zId).max(20).optional() });
export const zRechazarSolicitud = z.object({ motivo: texto('El motivo', LIMITES_SOLICITUD.motivo) });

/** A client's request link: on or off, and its URL while on. GET/POST/DELETE /api/v4/solicitudes/enlace/:id */
export const zEnlaceSolicitudes = z.object({
  clienteId: z.number().int(),
  activo: z.boolean(),
  url: z.string().nullable(),
  creado: zEpochMs.nullable(),
});
export type EnlaceSolicitudes = z.infer<typeof zEnlaceSolicitudes>;
