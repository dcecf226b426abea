import {
  esAdmin,
  requiereFinalizar,
  tienePermiso,
  tienePermisoCliente,
  transicionPermitida,
  TRANSICIONES,
  esEstadoValido,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';

/** What the rules need to know about an order. */
export interface OrdenAcceso {
  clienteId: number | null;
  estadoId: number;
  responsables: readonly number[];
  registroResponsableId: number;
}

/** Sees every order of the company (admins and holders of the global modificarOrden). */
export function veTodo(a: Actor): boolean {
  return esAdmin(a) || tienePermiso(a, 'modificarOrden');
}

/** Creating needs crearOrden and, for the chosen client, delegarOrden (SPEC §5-§6). */
export function puedeCrear(a: Actor, clienteId: number): boolean {
  return tienePermiso(a, 'crearOrden') && tienePermisoCliente(a, clienteId, 'delegarOrden');
}

/** Editing needs modificarOrden (global or for the order's client) or being its responsable. */
export function puedeModificar(a: Actor, o: OrdenAcceso): boolean {
  if (esAdmin(a) || tienePermiso(a, 'modificarOrden')) return true;
  if (o.clienteId !== null && tienePermisoCliente(a, o.clienteId, 'modificarOrden')) return true;
  return o.responsables.includes(a.id);
}

/**
 * Changing who does the order (its responsables) is delegating it again: it needs the editing
 * right and delegarOrden for the order's client, as creating it for that client does (issue 36).
 */
export function puedeDelegar(a: Actor, o: OrdenAcceso): boolean {
  if (!puedeModificar(a, o)) return false;
  if (esAdmin(a)) return true;
  return o.clienteId !== null && tienePermisoCliente(a, o.clienteId, 'delegarOrden');
}

/** An order is read-only for a user who lacks modificarOrden and is not its responsable (SPEC §5). */
export function esSoloLectura(a: Actor, o: OrdenAcceso): boolean {
  return !puedeModificar(a, o);
}

/** Deleting needs borrarOrden for the order's client. */
export function puedeBorrar(a: Actor, o: OrdenAcceso): boolean {
  if (esAdmin(a)) return true;
  return o.clienteId !== null && tienePermisoCliente(a, o.clienteId, 'borrarOrden');
}

/** May move the order from its state to `hacia`: editing right, an allowed transition, finalizarOrden where needed. */
export function puedeCambiarEstado(a: Actor, o: OrdenAcceso, hacia: number): boolean {
  if (!puedeModificar(a, o) || !transicionPermitida(o.estadoId, hacia)) return false;
  if (requiereFinalizar(o.estadoId, hacia)) return esAdmin(a) || tienePermiso(a, 'finalizarOrden');
  return true;
}

export function estadosSiguientes(a: Actor, o: OrdenAcceso): number[] {
  if (!esEstadoValido(o.estadoId)) return [];
  return TRANSICIONES[o.estadoId].filter((h) => puedeCambiarEstado(a, o, h));
}
