import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../kernel/db/client.js';
import { cadaCuartoDeHora, cadaHora, type ContadorLimites, type Limite } from '../../lib/rate-limit.js';
import type { CifradorEnlaces, PuertoLadoCliente } from '../client-side/index.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoEquipos } from '../equipment/index.js';
import type { PuertoArchivos, Storage } from '../files/index.js';
import { correoDeEmpresa, type armar, type Contenido, type PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';

/**
 * What both sides of requests share (docs/SOLICITUDES.md): the other modules' ports they use, the
 * public limits, the mail to the sender and the public URLs.
 */

/** The limits of the public calls: per link (`envioEnlace`) and per client address. */
export interface LimitesSolicitudes {
  /** Requests sent through one client's link (its QRs included). */
  envioEnlace: Limite;
  /** Requests sent from one address (an IPv6 /64 counts as one). */
  envioDireccion: Limite;
  /** Forms opened from one address (by a link or a QR). */
  formularioDireccion: Limite;
  /** Tracking pages read from one address (a page asks again while it is open). */
  seguimientoDireccion: Limite;
}

export const LIMITES_SOLICITUDES_DEFECTO: LimitesSolicitudes = {
  envioEnlace: cadaHora(20),
  envioDireccion: cadaHora(10),
  formularioDireccion: cadaCuartoDeHora(60),
  seguimientoDireccion: cadaCuartoDeHora(120),
};

/**
 * The caps of the mails to senders, counted in the outbox per 24 h (`enqueueHasta`): anyone can
 * type any address in a public form, so one address gets few of them; past a cap the request is
 * stored all the same, without its mail.
 */
export const TOPES_CORREO_SOLICITUD = { porDestinatario: 6, porEmpresa: 300 } as const;

/** What the requests module is given (modules/solicitudes/index.ts). */
export interface DepsSolicitudes {
  /** The order an accepted request becomes: the orders' own create (permissions, quota, number, history). */
  orders: Pick<PuertoOrdenes, 'crearEnTransaccion' | 'renovarCupoSiVencio'>;
  /** The photos copied into the order's files; a stored photo sent to the inbox. */
  files: Pick<PuertoArchivos, 'adjuntarEnTransaccion' | 'descargaDeClave'>;
  /** Where the requests' photos are kept: the files' storage. */
  storage: Storage;
  /** SOLICITUD_RECIBIDA to whoever may delegate for the client, in the request's transaction. */
  notifications: Pick<PuertoNotificaciones, 'crearVariasEnTransaccion'>;
  /** The mails to the sender (within `TOPES_CORREO_SOLICITUD`), woken after the commit. */
  mail: Pick<PuertoCorreo, 'enqueueHasta' | 'kick'>;
  /** The company as the sender of a mail (its name and logo). */
  entidades: Pick<PuertoEntidades, 'find'>;
  /** A client of the company (the link's screen). */
  clients: Pick<PuertoClientes, 'find'>;
  /** The site or equipo a QR code names. */
  equipos: Pick<PuertoEquipos, 'lugarDeQr'>;
  /** The order's public summary, which an accepted request's tracking page and mail link to. */
  enlaces: Pick<PuertoLadoCliente, 'enlacePublico'>;
  /** The installation's cipher of the links' tokens (modules/secretos). */
  cifrador: CifradorEnlaces;
  limites?: Partial<LimitesSolicitudes> | undefined;
}

/** What the module's services take from the kernel besides the database, the clock and the bus. */
export interface Entorno {
  log: FastifyBaseLogger;
  /** PUBLIC_URL: the form is PUBLIC_URL/solicitud/<k>, the tracking page PUBLIC_URL/solicitud/seguimiento/<t>. */
  publicUrl: string;
  /** Where the limits count (PostgreSQL's table with several instances); memory by default. */
  contador?: ContadorLimites | undefined;
}

export const urlFormulario = (publicUrl: string, k: string) => `${publicUrl}/solicitud/${k}`;
export const urlSeguimiento = (publicUrl: string, t: string) => `${publicUrl}/solicitud/seguimiento/${t}`;

type Remitente = Parameters<typeof armar>[0]['remitente'];

/**
 * Queues, in `tx`, the company's mail to a sender (its name and logo as the sender), within
 * `TOPES_CORREO_SOLICITUD`: false when a cap left it out (the caller's change stands).
 */
export async function correoAlSolicitante(
  deps: Pick<DepsSolicitudes, 'entidades' | 'mail'>,
  tx: DbOrTx,
  entidadId: number,
  para: string,
  escribir: (remitente: Remitente) => Contenido,
): Promise<boolean> {
  const entidad = await deps.entidades.find(entidadId, tx);
  const correo = correoDeEmpresa(entidad, { tipo: 'solicitud', para, entidadId }, escribir);
  return deps.mail.enqueueHasta(tx, { ...correo, entidadId }, TOPES_CORREO_SOLICITUD);
}

/** The first `n` characters of a text, never splitting a character written as two code units. */
export function primeros(texto: string, n: number): string {
  const letras = Array.from(texto);
  return letras.length <= n ? texto : letras.slice(0, n).join('');
}
