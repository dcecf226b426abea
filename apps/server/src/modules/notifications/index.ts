import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import type { NativePushSender, PushSender } from './push.js';

export type { LocalPresence, NuevaNotificacion } from './notifications.service.js';
export { WebPushSender, type NativePushSender, type PushSender } from './push.js';

/**
 * What other modules may ask of the notifications module: create one (`create`); the live
 * module's presence (`setPresence`, `touchPresence`, `dropPresence`); the overdue check that
 * boot.ts starts (`startOverdueChecks`, `checkOverdue`); and waiting for its reactions (`idle`).
 */
export type PuertoNotificaciones = Pick<
  NotificationsService,
  | 'create'
  | 'crearVariasEnTransaccion'
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
}

/**
 * Notifications: one per domain event (the bus), the user's list and read flag, devices for push.
 * Its overdue timer and pending reactions end before the database closes.
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
  );
  return {
    nombre: 'notifications',
    puerto: servicio,
    rutas: notificationsRoutes(servicio),
    alCerrar: () => servicio.stop(),
  };
}
