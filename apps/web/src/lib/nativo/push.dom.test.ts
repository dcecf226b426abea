import type { PushNotificationsPlugin } from '@capacitor/push-notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { desactivarPushNativo, tokenPushNativo } from './push';

afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
  vi.useRealTimers();
});

function enApp(plataforma: 'android' | 'ios') {
  (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, getPlatform: () => plataforma };
}

type Oyente = (dato: { value?: string; error?: string }) => void;

/** A stand-in for @capacitor/push-notifications: the test says what the system answers. */
function plugin(
  permiso: string,
  { alPedir = 'granted', registro }: { alPedir?: string; registro?: (o: Record<string, Oyente>) => void } = {},
) {
  const oyentes: Record<string, Oyente> = {};
  const quitados: string[] = [];
  const p = {
    checkPermissions: vi.fn(() => Promise.resolve({ receive: permiso })),
    requestPermissions: vi.fn(() => Promise.resolve({ receive: alPedir })),
    addListener: vi.fn((evento: string, f: Oyente) => {
      oyentes[evento] = f;
      return Promise.resolve({ remove: () => Promise.resolve(void quitados.push(evento)) });
    }),
    register: vi.fn(() => {
      queueMicrotask(() => registro?.(oyentes));
      return Promise.resolve();
    }),
    unregister: vi.fn(() => Promise.resolve()),
  };
  const cargar = () => Promise.resolve({ PushNotifications: p as unknown as PushNotificationsPlugin });
  return { p, cargar, quitados };
}

describe('tokenPushNativo', () => {
  it('Android: asks, registers and gives the FCM token with its kind; the listeners go', async () => {
    enApp('android');
    const { p, cargar, quitados } = plugin('prompt', {
      registro: (o) => o.registration?.({ value: 'fcm-token:APA91b' }),
    });
    await expect(tokenPushNativo({ pedirPermiso: true }, cargar)).resolves.toEqual({ token: 'fcm:fcm-token:APA91b' });
    expect(p.requestPermissions).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(quitados.sort()).toEqual(['registration', 'registrationError']));
  });

  it('iOS: the APNs token, already allowed, without asking again', async () => {
    enApp('ios');
    const { p, cargar } = plugin('granted', { registro: (o) => o.registration?.({ value: 'ab'.repeat(32) }) });
    await expect(tokenPushNativo({ pedirPermiso: true }, cargar)).resolves.toEqual({
      token: `apns:${'ab'.repeat(32)}`,
    });
    expect(p.requestPermissions).not.toHaveBeenCalled();
  });

  it('does not ask when told not to, and registers nothing without permission', async () => {
    enApp('android');
    const sinPreguntar = plugin('prompt');
    await expect(tokenPushNativo({ pedirPermiso: false }, sinPreguntar.cargar)).resolves.toEqual({
      permiso: 'sin-preguntar',
    });
    expect(sinPreguntar.p.requestPermissions).not.toHaveBeenCalled();
    const negado = plugin('prompt', { alPedir: 'denied' });
    await expect(tokenPushNativo({ pedirPermiso: true }, negado.cargar)).resolves.toEqual({ permiso: 'denegado' });
    expect(negado.p.register).not.toHaveBeenCalled();
  });

  it('rejects when the system refuses the registration or never answers', async () => {
    enApp('android');
    const error = plugin('granted', { registro: (o) => o.registrationError?.({ error: 'SERVICE_NOT_AVAILABLE' }) });
    await expect(tokenPushNativo({ pedirPermiso: true }, error.cargar)).rejects.toThrow(/SERVICE_NOT_AVAILABLE/);
    vi.useFakeTimers();
    const mudo = plugin('granted');
    const espera = tokenPushNativo({ pedirPermiso: true }, mudo.cargar);
    const resultado = expect(espera).rejects.toThrow(/a tiempo/);
    await vi.advanceTimersByTimeAsync(20_000);
    await resultado;
  });

  it('refuses to run outside the native app', async () => {
    await expect(tokenPushNativo({ pedirPermiso: true }, plugin('granted').cargar)).rejects.toThrow(/fuera de la app/);
  });
});

describe('desactivarPushNativo', () => {
  it('unregisters the phone inside the app, and does nothing in a browser', async () => {
    const web = plugin('granted');
    await desactivarPushNativo(web.cargar);
    expect(web.p.unregister).not.toHaveBeenCalled();
    enApp('ios');
    const app = plugin('granted');
    await desactivarPushNativo(app.cargar);
    expect(app.p.unregister).toHaveBeenCalledTimes(1);
  });
});
