import { z } from 'zod';
import { zId } from './common.js';
import { zNotificacion } from './notifications.js';
import { tienePermiso, type SujetoPermisos } from './permissions.js';
import { zPlanEstado } from './plans.js';

/** What the subscription rules need to know about a user; the logged-in user and the server's actor fit. */
export type SujetoCanales = { id: number; entidadId: number } & Pick<SujetoPermisos, 'permisosResumen'>;

/** What changed in an order, as the entity and order channels say it. */
const CAMBIOS_DE_ORDEN = [
  'orden.creada',
  'orden.modificada',
  'orden.eliminada',
  'orden.estadoCambiado',
  'orden.responsablesCambiados',
  /** Its checklist changed (an answer, an item added or removed, the template applied again). */
  'orden.checklistCambiada',
  /** The client's conformity changed (signed on site, or answered from the public summary). */
  'orden.conformidad',
  /** Its service level was written (after a create or a state change) or warned (issue 34). */
  'orden.slaCambiado',
  /** A WhatsApp message about it was sent, delivered, read or failed (issue 35). */
  'orden.whatsappCambiado',
] as const;

/** `{ tipo, ordenId }`: an order of the company changed (the entity channel). */
export const zMensajeEntidad = z.object({
  tipo: z.enum(CAMBIOS_DE_ORDEN),
  ordenId: z.number().int(),
  /** orden.checklistCambiada of one item: which one (absent when the whole checklist changed). */
  itemId: z.number().int().optional(),
});
/**
 * `{ tipo, ordenId, itemId? }`: the order on screen changed (the order channel). A hint to refetch,
 * never the data: its readers fetch what they may see. Every change but its creation (nobody views
 * an order before it exists).
 */
export const zMensajeOrden = zMensajeEntidad.extend({
  tipo: zMensajeEntidad.shape.tipo.exclude(['orden.creada']),
});
/** `{ tipo }`: the server cache of clients or users was cleared (the two cache channels). */
export const zMensajeCache = z.object({ tipo: z.enum(['clientes', 'usuarios']) });

interface DefCanal {
  /** The destination for one id (a user's or a company's). */
  destino(id: number): string;
  /** The destinations of this channel, with the id as the one group. */
  patron: RegExp;
  /**
   * Whose id goes in the destination: the user's own, their company's, or an order's. An order's
   * channel cannot be decided from the user alone: the server reads whether they may see that
   * order (`ordenDelDestino`), and the web subscribes to it only while the order is on screen.
   */
  de: 'usuario' | 'entidad' | 'orden';
  /** Beyond owning the id: crearOrden for the plan and entity channels (SPEC §6). */
  requiere?: 'crearOrden';
  /** The body of every message on this channel. */
  mensaje: z.ZodType;
}

function canal<const C extends DefCanal>(c: C): C {
  return c;
}

/**
 * The live socket's channels (SPEC §7 Live socket): destination, who may subscribe, and the body
 * of their messages. The server's broker authorises and sends by it; the web subscribes and
 * parses by it.
 */
export const CANALES = {
  usuario: canal({
    destino: (id) => `/usuario/${id}`,
    patron: /^\/usuario\/(\d+)$/,
    de: 'usuario',
    mensaje: zNotificacion,
  }),
  plan: canal({
    destino: (id) => `/plan/entidad/${id}`,
    patron: /^\/plan\/entidad\/(\d+)$/,
    de: 'entidad',
    requiere: 'crearOrden',
    mensaje: zPlanEstado,
  }),
  entidad: canal({
    destino: (id) => `/entidad/${id}`,
    patron: /^\/entidad\/(\d+)$/,
    de: 'entidad',
    requiere: 'crearOrden',
    mensaje: zMensajeEntidad,
  }),
  cacheClientes: canal({
    destino: (id) => `/entidad/cache/clientes/${id}`,
    patron: /^\/entidad\/cache\/clientes\/(\d+)$/,
    de: 'entidad',
    mensaje: z.object({ tipo: z.literal('clientes') }),
  }),
  cacheUsuarios: canal({
    destino: (id) => `/entidad/cache/usuarios/${id}`,
    patron: /^\/entidad\/cache\/usuarios\/(\d+)$/,
    de: 'entidad',
    mensaje: z.object({ tipo: z.literal('usuarios') }),
  }),
  /** One order's changes, for whoever may see it (an operario without the entity channel). */
  orden: canal({
    destino: (id) => `/orden/${id}`,
    patron: /^\/orden\/(\d+)$/,
    de: 'orden',
    mensaje: zMensajeOrden,
  }),
} as const;

export type Canal = keyof typeof CANALES;
export const NOMBRES_CANALES = Object.keys(CANALES) as Canal[];
/** The channels of a session, subscribed from login to logout; the order channel is a screen's. */
export type CanalDeSesion = { [C in Canal]: (typeof CANALES)[C]['de'] extends 'orden' ? never : C }[Canal];

/** The body sent on a channel (what the server builds). */
export type MensajeEnVivo<C extends Canal> = z.input<(typeof CANALES)[C]['mensaje']>;
/** The body read from a channel (what the web gets after parsing). */
export type MensajeLeido<C extends Canal> = z.output<(typeof CANALES)[C]['mensaje']>;

/** Destinations of the live socket by channel (SPEC §7 Live socket). */
export const TOPICOS = {
  usuario: CANALES.usuario.destino,
  plan: CANALES.plan.destino,
  entidad: CANALES.entidad.destino,
  cacheClientes: CANALES.cacheClientes.destino,
  cacheUsuarios: CANALES.cacheUsuarios.destino,
  orden: CANALES.orden.destino,
} as const satisfies Record<Canal, (id: number) => string>;

function puedeCanal(u: SujetoCanales, c: DefCanal, id: number): boolean {
  if (c.de === 'orden') return false;
  const propio = c.de === 'usuario' ? u.id : u.entidadId;
  return id === propio && (!c.requiere || tienePermiso(u, c.requiere));
}

/**
 * Who may subscribe where by the rule alone (SPEC §6, §7): the user's own channel, their
 * company's, nothing else. An order's channel is false here: only the server can tell, reading
 * that order (`ordenDelDestino`); a caller that does not know it refuses it.
 */
export function puedeSuscribirse(u: SujetoCanales, destino: string): boolean {
  for (const c of Object.values(CANALES) as DefCanal[]) {
    const m = c.patron.exec(destino);
    if (m) return puedeCanal(u, c, Number(m[1]));
  }
  return false;
}

/** The order of an order channel's destination (`/orden/{id}`), or null for any other destination. */
export function ordenDelDestino(destino: string): number | null {
  const m = CANALES.orden.patron.exec(destino);
  // A database id (positive, within the column's range): anything else is no order of anybody.
  const id = m ? zId.safeParse(m[1]) : null;
  return id?.success ? id.data : null;
}

/** The destinations a user subscribes to for the session: exactly those `puedeSuscribirse` allows them. */
export function destinosDe(u: SujetoCanales): Partial<Record<CanalDeSesion, string>> {
  const destinos: Partial<Record<CanalDeSesion, string>> = {};
  for (const nombre of NOMBRES_CANALES) {
    const c: DefCanal = CANALES[nombre];
    if (c.de === 'orden') continue;
    const id = c.de === 'usuario' ? u.id : u.entidadId;
    if (puedeCanal(u, c, id)) destinos[nombre as CanalDeSesion] = c.destino(id);
  }
  return destinos;
}

/** A message read from a channel, checked against its schema; null when it does not fit. */
export function leerMensaje<C extends Canal>(nombre: C, cuerpo: unknown): MensajeLeido<C> | null {
  const r = CANALES[nombre].mensaje.safeParse(cuerpo);
  return r.success ? (r.data as MensajeLeido<C>) : null;
}
