import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import type { NativePushSender, PushSender } from './push.js';

export type { AvisoWhatsapp, LocalPresence, NuevaNotificacion } from './notifications.service.js';
export { WebPushSender, type NativePushSender, type PushSender } from './push.js';

/**
 * What other modules may ask of the notifications module: create one (`create`, or a batch in the
 * caller's transaction); each user's channels per kind of event (`canales`, `guardarCanales`, one
 * cell with `guardarCanal`) and the notifications chosen for WhatsApp (`avisosWhatsappDesde`, the
 * whatsapp module's repair scan); the live module's presence (`setPresence`, `touchPresence`,
 * `dropPresence`); the overdue check that boot.ts starts (`startOverdueChecks`, `checkOverdue`);
 * and waiting for its reactions (`idle`).
 */
export type PuertoNotificaciones = Pick<
  NotificationsService,
  | 'create'
  | 'crearVariasEnTransaccion'
  | 'canales'
  | 'guardarCanales'
  | 'guardarCanal'
  | 'avisosWhatsappDesde'
  | 'setPresence'
  | 'touchPresence'
  | 'dropPresence'
  | 'startOverdueChecks'
  | 'checkOverdue'
  | 'idle'
  | 'vencimientos'
>;

export interface DepsNotificaciones {
  /** Web Push (app.ts gives a WebPushSender with the installation's VAPID keys); none (null) turns it off. */
  push: PushSender | null;
  /** The native app's push (FCM/APNs); none by default (docs/APP-DE-CAMPO.md). */
  pushNativo?: NativePushSender | null | undefined;
  /**
   * The mails of the kinds a user chose mail for: the outbox (capped per address and per company a
   * day) and the company as the sender. None (null): no mail (a module test).
   */
  correo: { mail: Pick<PuertoCorreo, 'enqueueHasta' | 'kick'>; entidades: Pick<PuertoEntidades, 'find'> } | null;
}

/**
 * Notifications: one per domain event (the bus), the user's list and read flag, devices for push,
 * and each user's channels per kind of event (app, push, mail, WhatsApp; issue 35). Its overdue
 * timer and pending reactions end before the database closes.
 */
export function moduloNotificaciones(
  n: Pick<Nucleo, 'db' | 'bus' | 'clock' | 'log' | 'config'>,
  deps: DepsNotificaciones,
): Modulo<PuertoNotificaciones> {
  const servicio = new NotificationsService(
    n.db,
    n.bus,
    n.clock,
    deps.push,
    (obj, msg) => n.log.warn(obj, msg),
    deps.pushNativo ?? null,
    deps.correo ? { ...deps.correo, publicUrl: n.config.publicUrl } : null,
  );
  return {
    nombre: 'notifications',
    puerto: servicio,
    rutas: notificationsRoutes(servicio),
    alCerrar: () => servicio.stop(),
  };
}
