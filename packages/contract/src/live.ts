import { z } from 'zod';
import { zNotificacion } from './notifications.js';
import { tienePermiso, type SujetoPermisos } from './permissions.js';
import { zPlanEstado } from './plans.js';

/** What the subscription rules need to know about a user; the logged-in user and the server's actor fit. */
export type SujetoCanales = { id: number; entidadId: number } & Pick<SujetoPermisos, 'permisosResumen'>;

/** `{ tipo, ordenId }`: an order of the company changed (the entity channel). */
export const zMensajeEntidad = z.object({
  tipo: z.enum([
    'orden.creada',
    'orden.modificada',
    'orden.eliminada',
    'orden.estadoCambiado',
    'orden.responsablesCambiados',
    /** Its checklist changed (an answer, an item added or removed, the template applied again). */
    'orden.checklistCambiada',
    /** The client's conformity changed (signed on site, or answered from the public summary). */
    'orden.conformidad',
  ]),
  ordenId: z.number().int(),
  /** orden.checklistCambiada of one item: which one (absent when the whole checklist changed). */
  itemId: z.number().int().optional(),
});
/** `{ tipo }`: the server cache of clients or users was cleared (the two cache channels). */
export const zMensajeCache = z.object({ tipo: z.enum(['clientes', 'usuarios']) });

interface DefCanal {
  /** The destination for one id (a user's or a company's). */
  destino(id: number): string;
  /** The destinations of this channel, with the id as the one group. */
  patron: RegExp;
  /** Whose id goes in the destination: the user's own or their company's. */
  de: 'usuario' | 'entidad';
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
} as const;

export type Canal = keyof typeof CANALES;
export const NOMBRES_CANALES = Object.keys(CANALES) as Canal[];

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
} as const satisfies Record<Canal, (id: number) => string>;

function puedeCanal(u: SujetoCanales, c: DefCanal, id: number): boolean {
  const propio = c.de === 'usuario' ? u.id : u.entidadId;
  return id === propio && (!c.requiere || tienePermiso(u, c.requiere));
}

/** Who may subscribe where (SPEC §6, §7): the user's own channel, their company's, nothing else. */
export function puedeSuscribirse(u: SujetoCanales, destino: string): boolean {
  for (const c of Object.values(CANALES) as DefCanal[]) {
    const m = c.patron.exec(destino);
    if (m) return puedeCanal(u, c, Number(m[1]));
  }
  return false;
}

/** The destinations a user subscribes to: exactly those `puedeSuscribirse` allows them. */
export function destinosDe(u: SujetoCanales): Partial<Record<Canal, string>> {
  const destinos: Partial<Record<Canal, string>> = {};
  for (const nombre of NOMBRES_CANALES) {
    const c: DefCanal = CANALES[nombre];
    const id = c.de === 'usuario' ? u.id : u.entidadId;
    if (puedeCanal(u, c, id)) destinos[nombre] = c.destino(id);
  }
  return destinos;
}

/** A message read from a channel, checked against its schema; null when it does not fit. */
export function leerMensaje<C extends Canal>(nombre: C, cuerpo: unknown): MensajeLeido<C> | null {
  const r = CANALES[nombre].mensaje.safeParse(cuerpo);
  return r.success ? (r.data as MensajeLeido<C>) : null;
}
