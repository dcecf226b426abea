import { sql } from 'drizzle-orm';
import type { EstadoMensajeWhatsapp, EventoAviso, OrigenOptIn, OrigenOptOut } from '@delego/contract';
import { index, integer, jsonb, pgTable, text, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import { columnasDeSalida, indicePendientes, moment, requiredRef, stamp } from '../../lib/columns.js';
import { clientes } from '../clients/clients.tables.js';
import { filaDeEntidad } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenes } from '../orders/orders.tables.js';

/**
 * The WhatsApp outbox (docs/WHATSAPP.md), designed like `correo_salida`: a message is written here
 * in the transaction of the event that causes it, and the worker sends it. A row is claimed by one
 * instance at a time (`reclamadoHasta`, taken with FOR UPDATE SKIP LOCKED), retried with backoff,
 * and keeps its `clave` (the idempotency key: a second `encolar` with it adds nothing) and, once
 * the Cloud API took it, its `wamid`. Unlike mail, the text stays: the order's history shows it.
 */
export const whatsappSalida = pgTable(
  'whatsapp_salida',
  {
    ...filaDeEntidad(),
    clave: text().notNull(),
    evento: text().$type<EventoAviso>().notNull(),
    destinatarioTipo: text().$type<'usuario' | 'cliente'>().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    clienteId: integer().references(() => clientes.id, { onDelete: 'set null' }),
    ordenId: integer().references(() => ordenes.id, { onDelete: 'cascade' }),
    /** E.164, as it was when the message was queued. */
    numero: text().notNull(),
    /** The template's name (PLANTILLAS_WHATSAPP[evento].nombre). */
    plantilla: text().notNull(),
    parametros: jsonb().$type<string[]>().notNull(),
    /** The template with its parameters put in (`textoDePlantilla`): what the history shows. */
    texto: text().notNull(),
    estado: text().$type<EstadoMensajeWhatsapp>().notNull().default('pendiente'),
    ...columnasDeSalida(),
    /** The Cloud API's id of the message, once it took it (the status webhooks name it). */
    wamid: text(),
    /** Where the same text goes by mail if WhatsApp fails for good; null: nowhere. */
    correoRespaldo: text(),
    creado: moment().notNull(),
  },
  (t) => [
    uniqueIndex('whatsapp_salida_clave_uq').on(t.clave),
    uniqueIndex('whatsapp_salida_wamid_uq').on(t.wamid),
    indicePendientes('whatsapp_salida', t),
    // The caps: a company's messages of the last 24 h, in all and to one number.
    index('whatsapp_salida_entidad_creado_idx').on(t.entidadId, t.creado),
    index('whatsapp_salida_entidad_numero_idx').on(t.entidadId, t.numero, t.creado),
    index('whatsapp_salida_orden_idx')
      .on(t.entidadId, t.ordenId)
      .where(sql`${t.ordenId} is not null`),
  ],
);

/** Each status a message reached, once each (a repeated webhook adds nothing). */
export const whatsappEstados = pgTable(
  'whatsapp_estados',
  {
    ...filaDeEntidad(),
    mensajeId: requiredRef(() => whatsappSalida.id, { onDelete: 'cascade' }),
    estado: text().$type<EstadoMensajeWhatsapp>().notNull(),
    fecha: moment().notNull(),
  },
  (t) => [uniqueIndex('whatsapp_estados_mensaje_estado_uq').on(t.mensajeId, t.estado)],
);

/**
 * The columns of a person's own number (`whatsapp_clientes`, `whatsapp_usuarios`): the number (null:
 * none), when they consented to messages on it, and when the row last changed.
 */
const columnasDeNumero = () => ({
  numero: text(),
  optInFecha: moment(),
  actualizado: stamp(),
});

/**
 * The indexes of a {@link columnasDeNumero} table: one row per person, `duenio`
 * (`<tabla>_<persona>_uq`), and the rows of a number (`<tabla>_numero_idx`).
 */
const indicesDeNumero = (tabla: string, persona: string, duenio: PgColumn, t: { numero: PgColumn }) => [
  uniqueIndex(`${tabla}_${persona}_uq`).on(duenio),
  index(`${tabla}_numero_idx`).on(t.numero),
];

/**
 * A client's WhatsApp number and consent. The consent is in force while `optInFecha` is later than
 * `optOutFecha` (if any) and than any «BAJA» of the number (`whatsapp_bajas`).
 */
export const whatsappClientes = pgTable(
  'whatsapp_clientes',
  {
    ...filaDeEntidad(),
    clienteId: requiredRef(() => clientes.id, { onDelete: 'cascade' }),
    ...columnasDeNumero(),
    optInOrigen: text().$type<OrigenOptIn>(),
    /** Who recorded the consent. */
    optInPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    optOutFecha: moment(),
    optOutOrigen: text().$type<OrigenOptOut>(),
  },
  (t) => indicesDeNumero('whatsapp_clientes', 'cliente', t.clienteId, t),
);

/** A user's own WhatsApp number and their consent to messages on it. */
export const whatsappUsuarios = pgTable(
  'whatsapp_usuarios',
  {
    ...filaDeEntidad(),
    usuarioId: requiredRef(() => usuarios.id, { onDelete: 'cascade' }),
    ...columnasDeNumero(),
  },
  (t) => indicesDeNumero('whatsapp_usuarios', 'usuario', t.usuarioId, t),
);

/**
 * Numbers that replied «BAJA», for each company that knew them: nothing goes to such a number unless
 * its recipient's consent is later than `fecha` (the reply's own time).
 */
export const whatsappBajas = pgTable(
  'whatsapp_bajas',
  {
    ...filaDeEntidad(),
    numero: text().notNull(),
    fecha: moment().notNull(),
  },
  (t) => [uniqueIndex('whatsapp_bajas_entidad_numero_uq').on(t.entidadId, t.numero)],
);

/**
 * What people wrote back (text only, stored as text and never rendered as HTML), once per Cloud API
 * message id and company. Logged without its content.
 */
export const whatsappRecibidos = pgTable(
  'whatsapp_recibidos',
  {
    ...filaDeEntidad(),
    /** The client whose number wrote, when the company has one with it. */
    clienteId: integer().references(() => clientes.id, { onDelete: 'set null' }),
    /** The message of ours it answered, when the Cloud API says so (`context.id`). */
    respuestaA: integer().references(() => whatsappSalida.id, { onDelete: 'set null' }),
    numero: text().notNull(),
    wamid: text().notNull(),
    texto: text().notNull(),
    fecha: moment().notNull(),
    creado: moment().notNull(),
  },
  (t) => [uniqueIndex('whatsapp_recibidos_wamid_uq').on(t.entidadId, t.wamid)],
);
