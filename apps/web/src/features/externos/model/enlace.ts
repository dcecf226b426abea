import {
  NOMBRES_RESPUESTA_EXTERNO,
  textoFechaHora,
  zEntregaExterno,
  type EnlaceExterno,
  type EntregaExterno,
} from '@delego/contract';
import type { ErroresCampos, Validacion } from '../../../lib/formularios';

/**
 * Where a contractor link stands for the company (issue 33 part 2): it opens the order, the
 * company revoked it, it expired, or the outsider rejected the order (or the order is gone).
 */
export type EstadoEnlace = 'activo' | 'revocado' | 'vencido' | 'rechazado' | 'inactivo';

export const NOMBRES_ESTADO_ENLACE: Record<EstadoEnlace, string> = {
  activo: 'Activo',
  revocado: 'Revocado',
  vencido: 'Vencido',
  rechazado: 'Rechazado',
  inactivo: 'Inactivo',
};

/** The badge's colour of each state. */
export const COLOR_ESTADO_ENLACE: Record<EstadoEnlace, string> = {
  activo: 'success',
  revocado: 'medium',
  vencido: 'warning',
  rechazado: 'danger',
  inactivo: 'medium',
};

type Vigencia = Pick<EnlaceExterno, 'activo' | 'revocado' | 'vence' | 'respuesta'>;

/** The server says whether it is active; when not, why: revoked first, then expired, then rejected. */
export function estadoDeEnlace(e: Vigencia, ahora: number): EstadoEnlace {
  if (e.activo) return 'activo';
  if (e.revocado !== null) return 'revocado';
  if (e.vence !== null && e.vence <= ahora) return 'vencido';
  if (e.respuesta === 'rechazada') return 'rechazado';
  return 'inactivo';
}

/**
 * Whether «Renovar» is offered: a link with an end (the order finished) or already past it; a
 * revoked or rejected one cannot be renewed (the server says `noRenovable`): the order is handed
 * over again instead.
 */
export function puedeRenovar(e: Vigencia): boolean {
  return e.vence !== null && e.revocado === null && e.respuesta !== 'rechazada';
}

/** «Sin responder», «Aceptada», or «Rechazada: <motivo>» (the reason as the outsider wrote it). */
export function textoRespuesta(e: Pick<EnlaceExterno, 'respuesta' | 'motivo'>): string {
  const nombre = NOMBRES_RESPUESTA_EXTERNO[e.respuesta];
  return e.respuesta === 'rechazada' && e.motivo?.trim() ? `${nombre}: ${e.motivo}` : nombre;
}

/** «Entregada el 12/11/2026 10:00 por Ana Pérez». */
export function textoEntregado(e: Pick<EnlaceExterno, 'creado' | 'creadoPor'>, zona: string): string {
  return `Entregada el ${textoFechaHora(e.creado, zona)} por ${e.creadoPor}`;
}

/** «Vence el …» while ahead, «Venció el …» once past; nothing while the order is open. */
export function textoVence(e: Pick<EnlaceExterno, 'vence'>, zona: string, ahora: number): string | null {
  if (e.vence === null) return null;
  return `${e.vence <= ahora ? 'Venció' : 'Vence'} el ${textoFechaHora(e.vence, zona)}`;
}

/** «Revocado el … por …»; nothing while not revoked. */
export function textoRevocado(e: Pick<EnlaceExterno, 'revocado' | 'revocadoPor'>, zona: string): string | null {
  if (e.revocado === null) return null;
  const por = e.revocadoPor ? ` por ${e.revocadoPor}` : '';
  return `Revocado el ${textoFechaHora(e.revocado, zona)}${por}`;
}

/** The WhatsApp link to open in a new tab, only when it is a web address (never a `javascript:` one). */
export function enlaceWeb(url: string | null): string | null {
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

/** The note when the link was meant to go by mail and did not: it has to be shared by hand. */
export function sinCorreo(e: Pick<EnlaceExterno, 'email' | 'correoEnviado'>): boolean {
  return !!e.email && !e.correoEnviado;
}

export const MENSAJE_SIN_CORREO = 'No se pudo enviar el correo: comparta el enlace.';

// ---------------------------------------------------------------------------------------------
// The hand-over form

/** «Entregar a un externo» as its form holds it. */
export interface ValoresEntrega {
  nombre: string;
  email: string;
  whatsapp: string;
  mensaje: string;
}

export type CampoEntrega = keyof ValoresEntrega;
export const CAMPOS_ENTREGA: readonly CampoEntrega[] = ['nombre', 'email', 'whatsapp', 'mensaje'];

export const ENTREGA_VACIA: ValoresEntrega = { nombre: '', email: '', whatsapp: '', mensaje: '' };

/**
 * Checks with the contract's schema (Spanish messages, per field); sends what it parsed: trimmed
 * texts, null for what was left empty, the WhatsApp number in E.164.
 */
export function validarEntrega(v: ValoresEntrega): Validacion<CampoEntrega, EntregaExterno> {
  const r = zEntregaExterno.safeParse(v);
  if (r.success) {
    const { nombre, email, whatsapp, mensaje } = r.data;
    return { ok: true, datos: { nombre, email: email ?? null, whatsapp: whatsapp ?? null, mensaje: mensaje ?? null } };
  }
  const errores: ErroresCampos<CampoEntrega> = {};
  for (const i of r.error.issues) {
    const campo = CAMPOS_ENTREGA.find((c) => c === i.path[0]) ?? 'nombre';
    errores[campo] ??= i.message;
  }
  return { ok: false, errores };
}
