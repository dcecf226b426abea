import type { EventoUsuario } from '@delego/contract';
import { armar, type Contenido } from '../mail/index.js';

/** Why the user gets this mail, per kind of event (the mail's note). */
const MOTIVO: Record<EventoUsuario, string> = {
  ORDEN_ASIGNADA: 'los avisos de órdenes asignadas a usted',
  ORDEN_ESTADO: 'los avisos de cambios de estado de sus órdenes',
  SLA_POR_VENCER: 'los avisos de nivel de servicio',
  SOLICITUD_RECIBIDA: 'los avisos de solicitudes recibidas',
};

/** What a notification's mail says: the company sending it, the user, the notification and its order. */
export interface DatosCorreoAviso {
  remitente: Parameters<typeof armar>[0]['remitente'];
  /** The user's first name (null: a plain «Hola:»). */
  nombre: string | null;
  evento: EventoUsuario;
  /** The notification's title and text («La orden #12 pasó a En proceso», «Caldera: «cambio»»). */
  titulo: string;
  mensaje: string;
  /** The order it is about, with its number and title, when there is one. */
  orden: { numero: number; titulo: string } | null;
  /** The order's page in the app, or the notifications' page without an order. */
  enlace: string;
}

/**
 * The mail of a notification whose user chose mail for its kind (issue 35): the notification's
 * title as the subject, the order's number and title, a button to the order in the app. Whatever a
 * person wrote (names, titles, comments) goes through `armar`: plain text, escaped, never a link.
 */
export function plantillaCorreoAviso(d: DatosCorreoAviso): Contenido {
  const parrafos = [`${d.titulo}.`];
  if (d.orden) parrafos.push(`Orden #${d.orden.numero}: «${d.orden.titulo}».`);
  if (d.mensaje.trim() && d.mensaje !== d.orden?.titulo) parrafos.push(d.mensaje);
  return armar({
    remitente: d.remitente,
    asunto: d.titulo,
    saludo: d.nombre ? `Hola, ${d.nombre}:` : 'Hola:',
    parrafos,
    boton: d.orden ? 'Ver la orden' : 'Abrir Delego',
    enlace: d.enlace,
    notas: [
      `Recibe este correo porque eligió recibir por correo ${MOTIVO[d.evento]}. Puede dejar de recibirlos en Notificaciones, en Delego.`,
    ],
  });
}
