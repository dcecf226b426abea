import { describe, expect, it } from 'vitest';
import { leerTokenDispositivo, tokenGuardado, zRegistroDispositivo } from './notifications.js';

const APNS = 'a1'.repeat(32);
const FCM = 'dQw4w9WgXcQ:APA91bHPRgkF_3Xk-ejemplo.token_de-firebase';
const b64 = (x: unknown) => btoa(JSON.stringify(x)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('leerTokenDispositivo (issue 17: native tokens with their kind)', () => {
  it('reads the app’s tokens with their kind, and keeps them in a canonical form', () => {
    expect(leerTokenDispositivo(`fcm:${FCM}`)).toEqual({ tipo: 'fcm', token: `fcm:${FCM}` });
    expect(leerTokenDispositivo(`apns:${APNS.toUpperCase()}`)).toEqual({ tipo: 'apns', token: `apns:${APNS}` });
    expect(leerTokenDispositivo(`FCM:${FCM}`)).toEqual({ tipo: 'fcm', token: `fcm:${FCM}` });
  });

  it('gives a kind to an older app’s bare token: 64 hex characters are APNs, the rest FCM', () => {
    expect(leerTokenDispositivo(APNS)).toEqual({ tipo: 'apns', token: `apns:${APNS}` });
    expect(leerTokenDispositivo(FCM)).toEqual({ tipo: 'fcm', token: `fcm:${FCM}` });
    expect(tokenGuardado(FCM)).toBe(tokenGuardado(`fcm:${FCM}`));
  });

  it('refuses malformed native tokens with a reason that names the service', () => {
    expect(leerTokenDispositivo('apns:xyz')).toMatchObject({ tipo: 'invalido', motivo: /Apple \(APNs\)/ });
    expect(leerTokenDispositivo(`apns:${'a'.repeat(63)}`)).toMatchObject({ tipo: 'invalido' });
    expect(leerTokenDispositivo(`apns:${'ab'.repeat(101)}`)).toMatchObject({ tipo: 'invalido' });
    expect(leerTokenDispositivo('fcm:con espacio')).toMatchObject({ tipo: 'invalido', motivo: /Firebase \(FCM\)/ });
    expect(leerTokenDispositivo('fcm:corto')).toMatchObject({ tipo: 'invalido' });
    expect(leerTokenDispositivo('fcm:<script>alert(1)</script>')).toMatchObject({ tipo: 'invalido' });
    expect(leerTokenDispositivo('hola mundo!')).toMatchObject({ tipo: 'invalido', motivo: /ni un token de la app/ });
    expect(tokenGuardado('hola mundo!')).toBeNull();
  });

  it('still reads Web Push subscriptions, stored as sent', () => {
    const s = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };
    expect(leerTokenDispositivo(b64(s))).toEqual({ tipo: 'webpush', suscripcion: s });
    expect(tokenGuardado(b64(s))).toBe(b64(s));
  });

  it('points the 400 at the endpoint for a subscription, at the token for a native one', () => {
    const mala = zRegistroDispositivo.safeParse({
      flag: 'true',
      deviceToken: b64({ endpoint: 'https://127.0.0.1/x', keys: { p256dh: 'p', auth: 'a' } }),
    });
    expect(mala.error?.issues[0]?.path).toEqual(['deviceToken', 'endpoint']);
    const nativa = zRegistroDispositivo.safeParse({ flag: 'true', deviceToken: 'apns:1234' });
    expect(nativa.error?.issues[0]?.path).toEqual(['deviceToken']);
    // Removing takes any token, so an old one can always be removed.
    expect(zRegistroDispositivo.safeParse({ flag: 'false', deviceToken: 'apns:1234' }).success).toBe(true);
  });
});
