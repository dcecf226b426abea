import { z } from 'zod';
// Only common.ts: orders.ts imports this file, and admin.ts / cuentas.ts import orders.ts.
import { zEpochMs, zId, zTexto, zTokenDeEnlace } from './common.js';
import { MENSAJES_CUIT, zCuitObligatorio } from './cuit.js';
import { TIPOS_ITEM_CHECKLIST } from './checklists.js';
import { zConformidadPublica } from './conformity.js';

/**
 * The client's side of an order (issue 16, SPEC §2 `ordersummary/:id` and `datos-facturacion`,
 * §3 datosFacturacion, §7 `POST /api/v2/delegar/facturacion/{id}` and
 * `POST /api/v2/datosFacturacion/{id}`): a public summary of one order behind an unguessable link,
 * the order's billing data, and billing data handed to the client to fill in (docs/CLIENTE.md).
 */

export const LIMITES_CLIENTE_PUBLICO = {
  razonSocial: 200,
  domicilioFiscal: 300,
  /** A link's token as the server issues it is 43 characters; anything much longer is not one. */
  token: 200,
  archivosCompartidos: 100,
  email: 254,
} as const;

/** The IVA conditions a billing record may have (Argentina), as the forms show them. */
export const CONDICIONES_IVA = ['Responsable Inscripto', 'Monotributista', 'Exento', 'Consumidor Final'] as const;
export type CondicionIva = (typeof CONDICIONES_IVA)[number];

/** How long the form mailed by a delegation can be used. */
export const VIGENCIA_FORMULARIO_FACTURACION_MS = 30 * 24 * 3_600_000;

/** Every how many milliseconds the public page asks again while it is visible (it has no socket). */
export const REFRESCO_RESUMEN_PUBLICO_MS = 30_000;

/** Fixed Spanish texts of these calls, shared by server and web. */
export const MENSAJES_CLIENTE_PUBLICO = {
  enlaceNoDisponible: 'El enlace no existe o ya no está disponible. Pida uno nuevo a quien se lo envió.',
  formularioNoDisponible:
    'El formulario de datos de facturación no existe o ya no está disponible. Pida uno nuevo a quien se lo envió.',
  formularioUsado:
    'Los datos de facturación ya se enviaron con este formulario. Si hay que corregirlos, avise a la empresa.',
  formularioVencido: 'El formulario de datos de facturación venció. Pida uno nuevo a la empresa.',
  datosRecibidos: 'Gracias: recibimos los datos de facturación.',
  facturacionDelegada: 'Facturación delegada: esperando datos del cliente',
  sinEmailCliente:
    'El cliente de la orden no tiene email. Escriba a qué email enviar el pedido o cárguelo en la ficha del cliente.',
  correoEnviado: (email: string) => `Le enviamos el enlace a ${email}.`,
  cuitInvalido: MENSAJES_CUIT.invalido,
} as const;

/** The billing form's CUIT: the contract's one rule (cuit.ts), required. */
export const zCuitFacturacion = zCuitObligatorio;

// ---------------------------------------------------------------------------------------------
// Billing data (SPEC §3 datosFacturacion)

/** An email that must be there (the same rule as cuentas.ts's `zEmail`). */
export const zEmailFacturacion = zTexto('El email es obligatorio.')
  .trim()
  .min(1, 'El email es obligatorio.')
  .max(LIMITES_CLIENTE_PUBLICO.email, `El email admite hasta ${LIMITES_CLIENTE_PUBLICO.email} caracteres.`)
  .pipe(z.email('El email no es una dirección válida.'));

const texto = (campo: string, obligatorio: string, max: number) =>
  zTexto(obligatorio).trim().min(1, obligatorio).max(max, `${campo} admite hasta ${max} caracteres.`);

/** The billing data of an order, as a form sends it. */
export const zDatosFacturacion = z.object({
  razonSocial: texto('La razón social', 'La razón social es obligatoria.', LIMITES_CLIENTE_PUBLICO.razonSocial),
  cuit: zCuitFacturacion,
  condicionIva: z.enum(CONDICIONES_IVA, {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? 'Elija la condición frente al IVA.'
        : 'La condición frente al IVA debe ser Responsable Inscripto, Monotributista, Exento o Consumidor Final.',
  }),
  domicilioFiscal: texto(
    'El domicilio fiscal',
    'El domicilio fiscal es obligatorio.',
    LIMITES_CLIENTE_PUBLICO.domicilioFiscal,
  ),
  email: zEmailFacturacion,
});
export type DatosFacturacion = z.input<typeof zDatosFacturacion>;

/** POST /api/v2/datosFacturacion/{id} {datosFacturacion}. */
export const zGuardarDatosFacturacion = z.object({ datosFacturacion: zDatosFacturacion });
export type GuardarDatosFacturacion = z.input<typeof zGuardarDatosFacturacion>;

/** The billing data as read back in the order detail: who last wrote it and when. */
export const zDatosFacturacionLeidos = z.object({
  razonSocial: z.string(),
  cuit: z.string(),
  condicionIva: z.string(),
  domicilioFiscal: z.string(),
  email: z.string(),
  actualizado: zEpochMs,
  /** Written by the client through the delegated form (not by a user of the company). */
  cargadosPorCliente: z.boolean(),
});
export type DatosFacturacionLeidos = z.infer<typeof zDatosFacturacionLeidos>;

/** A delegation still waiting for the client's answer: to whom it went and when. */
export const zFacturacionDelegada = z.object({ email: z.string(), fecha: zEpochMs });
export type FacturacionDelegada = z.infer<typeof zFacturacionDelegada>;

/**
 * POST /api/v2/delegar/facturacion/{id}: the body may be left out; `email` replaces the client's
 * email as the address the form goes to.
 */
export const zDelegarFacturacion = z
  .object({ email: zEmailFacturacion.optional() })
  .nullish()
  .transform((v) => v ?? {});
export type DelegarFacturacion = z.input<typeof zDelegarFacturacion>;

// ---------------------------------------------------------------------------------------------
// The share link ("Compartir con el cliente")

/** The token of a public link (share link or billing form); one the server did not issue is a 404. */
export const zTokenPublico = zTokenDeEnlace(LIMITES_CLIENTE_PUBLICO.token, MENSAJES_CLIENTE_PUBLICO.enlaceNoDisponible);

/** GET /api/v2/orden/{id}/compartir and the answer of every change to the link. */
export const zEnlaceCompartido = z.object({
  activo: z.boolean(),
  /** PUBLIC_URL/ordersummary/<token>; null without an active link (or if it can no longer be shown). */
  url: z.string().nullable(),
  creado: zEpochMs.nullable(),
  creadoPor: z.string().nullable(),
  /** The order's files the public page shows (ids of the order's files). */
  archivosCompartidos: z.array(z.number().int()),
  /** The email of the order's client, offered by "Enviar por correo". */
  emailCliente: z.string().nullable(),
  /** The order's client's contact name, for the greeting of the mail. */
  clienteNombre: z.string().nullable(),
});
export type EnlaceCompartido = z.infer<typeof zEnlaceCompartido>;

/** POST /api/v2/orden/{id}/compartir/correo: to the client's email unless another is given. */
export const zEnviarEnlace = z.object({ email: zEmailFacturacion.optional() });
export type EnviarEnlace = z.input<typeof zEnviarEnlace>;

/** PUT /api/v2/orden/{id}/compartir/archivos: the files the public page shows (the rest stay private). */
export const zArchivosCompartidos = z.object({
  archivos: z
    .array(zId)
    .max(
      LIMITES_CLIENTE_PUBLICO.archivosCompartidos,
      `Se pueden compartir hasta ${LIMITES_CLIENTE_PUBLICO.archivosCompartidos} archivos.`,
    )
    .transform((v) => [...new Set(v)]),
});
export type ArchivosCompartidos = z.input<typeof zArchivosCompartidos>;

/** `{ ok, mensaje }`: a confirmation a person reads. */
export const zAvisoPublico = z.object({ ok: z.literal(true), mensaje: z.string() });
export type AvisoPublico = z.infer<typeof zAvisoPublico>;

// ---------------------------------------------------------------------------------------------
// The public summary (ordersummary/:id)

/** GET /api/v2/ordersummary?k= */
export const zResumenQuery = z.object({ k: zTokenPublico });

/** GET /api/v2/ordersummary/archivo?k=&archivo= : a file the company shared. */
export const zArchivoPublicoQuery = z.object({ k: zTokenPublico, archivo: zId, inline: z.string().optional() });

/**
 * What the public page shows, and nothing else: the company's name and logo, the order's number,
 * title and state, the timeline of its states, its planned dates, the first names of its
 * responsables and the files the company shared. No id, comment, hours, cost, email or user name.
 */
export const zResumenPublico = z.object({
  entidad: z.object({ nombre: z.string(), logo: z.string().nullable() }),
  orden: z.object({
    numero: z.number().int(),
    titulo: z.string(),
    estado: z.object({ id: z.number().int(), nombre: z.string(), color: z.string() }),
    creada: zEpochMs,
    fechaInicio: zEpochMs.nullable(),
    fechaFin: zEpochMs.nullable(),
    finalizada: zEpochMs.nullable(),
    responsables: z.array(z.string()),
  }),
  /** Each state the order went through, oldest first. */
  historial: z.array(
    z.object({
      estado: z.object({ id: z.number().int(), nombre: z.string(), color: z.string() }),
      fecha: zEpochMs,
    }),
  ),
  archivos: z.array(
    z.object({ id: z.number().int(), nombre: z.string(), tamanio: z.number().int(), esImagen: z.boolean() }),
  ),
  /** A delegated billing form is waiting for the client (the page shows it with the mailed link). */
  facturacionPendiente: z.boolean(),
  /** A satisfaction survey was sent for the order and is not answered yet: the page offers it. */
  encuestaPendiente: z.boolean(),
  /** The client's conformity and whether the page offers «Conforme» / «No conforme» (issue 31). */
  conformidad: zConformidadPublica.optional(),
  /**
   * The checklist items the company marked public, in order, with their answer as text (issue 31;
   * no notes, photos or who answered). Absent or empty when none is public.
   */
  checklist: z
    .array(
      z.object({
        seccion: z.string().nullable(),
        etiqueta: z.string(),
        tipo: z.enum(TIPOS_ITEM_CHECKLIST),
        estado: z.enum(['pendiente', 'hecho', 'fallido']),
        respuesta: z.string().nullable(),
      }),
    )
    .optional(),
  /** When the server read it (ms). */
  leido: zEpochMs,
});
export type ResumenPublico = z.infer<typeof zResumenPublico>;

/**
 * POST /api/v2/ordersummary/facturacion: the client's billing data through the mailed form. `k` is
 * the share link's token, `f` the form's (usable once).
 */
export const zFacturacionPublica = z.object({
  k: zTokenPublico,
  f: zTokenPublico,
  datosFacturacion: zDatosFacturacion,
});
export type FacturacionPublica = z.input<typeof zFacturacionPublica>;
