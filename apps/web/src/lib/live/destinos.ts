import {
  RUTAS,
  destinosDe as destinosDelContrato,
  leerMensaje,
  type Canal,
  type CanalDeSesion,
  type MensajeLeido,
  type SujetoCanales,
} from '@delego/contract';
import type { Manejador } from './canal-en-vivo';

export type { Canal, CanalDeSesion } from '@delego/contract';

export type UsuarioCanales = SujetoCanales;

/**
 * The destinations a user subscribes to: the contract's rule (`destinosDe`), the same one the
 * server's broker authorises with (`puedeSuscribirse`), so a subscription is never refused: the
 * user's own notifications and the company's two cache topics always; the plan and entity
 * channels only with crearOrden (SPEC §6). The order channel is not among them: a screen subscribes
 * to it while the order is shown.
 */
export function destinosDe(usuario: UsuarioCanales): Partial<Record<CanalDeSesion, string>> {
  return destinosDelContrato(usuario);
}

/** ws(s)://host/api/v2/delegoWS of the page's own origin (the server, or Vite's proxy in dev). */
export function urlSocket(ubicacion: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const protocolo = ubicacion.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocolo}//${ubicacion.host}${RUTAS.socket.path}`;
}

/**
 * What a message on one channel does, given the message already checked against the contract's
 * schema for that channel; a body that does not fit is logged and ignored.
 */
export function manejadorDe<C extends Canal>(canal: C, accion: (mensaje: MensajeLeido<C>) => void): Manejador {
  return (cuerpo) => {
    const mensaje = leerMensaje(canal, cuerpo);
    if (mensaje === null) {
      console.warn('Mensaje en vivo inesperado', canal, cuerpo);
      return;
    }
    accion(mensaje);
  };
}
