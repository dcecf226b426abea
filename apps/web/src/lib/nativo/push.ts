import type { PushNotificationsPlugin } from '@capacitor/push-notifications';
import { plataformaNativa } from './plataforma';

/**
 * Push in the native app (issue 17): the phone's token from @capacitor/push-notifications, with
 * its kind in front as the server keeps it, `fcm:<token>` on Android and `apns:<hex>` on iOS
 * (the plugin gives the APNs token there). lib/push registers it on
 * /api/v2/notificaciones/registrar/true/{token} and remembers it for logout, like a browser's.
 * The plugin is imported here only, and only inside the native app.
 */

type Cargar = () => Promise<{ PushNotifications: PushNotificationsPlugin }>;
const cargarPlugin: Cargar = () => import('@capacitor/push-notifications');

/** How long to wait for the operating system's token (FCM or APNs answer in a second or two). */
export const ESPERA_TOKEN_MS = 20_000;

export type TokenNativo = { token: string } | { permiso: 'denegado' | 'sin-preguntar' };

/**
 * The device's token, asking the person first when `pedirPermiso` (the app asks once after
 * login; later starts only check). Rejects when the system does not give one.
 */
export async function tokenPushNativo(
  { pedirPermiso }: { pedirPermiso: boolean },
  cargar: Cargar = cargarPlugin,
): Promise<TokenNativo> {
  const plataforma = plataformaNativa();
  if (!plataforma) throw new Error('push nativo fuera de la app nativa');
  const { PushNotifications } = await cargar();
  let permiso = (await PushNotifications.checkPermissions()).receive;
  if (permiso === 'prompt' || permiso === 'prompt-with-rationale') {
    if (!pedirPermiso) return { permiso: 'sin-preguntar' };
    permiso = (await PushNotifications.requestPermissions()).receive;
  }
  if (permiso !== 'granted') return { permiso: 'denegado' };
  const valor = await new Promise<string>((resolver, rechazar) => {
    const oyentes = [
      PushNotifications.addListener('registration', (t) => terminar(() => resolver(t.value))),
      PushNotifications.addListener('registrationError', (e) =>
        terminar(() => rechazar(new Error(`registro push: ${e.error}`))),
      ),
    ];
    const plazo = setTimeout(
      () => terminar(() => rechazar(new Error('registro push: el sistema no dio el token a tiempo'))),
      ESPERA_TOKEN_MS,
    );
    function terminar(accion: () => void) {
      clearTimeout(plazo);
      for (const o of oyentes) void o.then((h) => h.remove()).catch(() => undefined);
      accion();
    }
    PushNotifications.register().catch((error: unknown) =>
      terminar(() => rechazar(error instanceof Error ? error : new Error(String(error)))),
    );
  });
  return { token: `${plataforma === 'ios' ? 'apns' : 'fcm'}:${valor}` };
}

/** Logout: the phone stops receiving (Android drops its FCM token; iOS unregisters from APNs). */
export async function desactivarPushNativo(cargar: Cargar = cargarPlugin): Promise<void> {
  if (!plataformaNativa()) return;
  const { PushNotifications } = await cargar();
  await PushNotifications.unregister();
}
