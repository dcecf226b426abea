import { describe, expect, it } from 'vitest';
import { aBase64Url, desdeBase64Url, tokenDeSuscripcion } from './navegador';

describe('Web Push device token', () => {
  it('is the subscription JSON ({endpoint, keys}) as base64url, which the server decodes', () => {
    const suscripcion = {
      toJSON: () => ({
        endpoint: 'https://push.example/enviar/abc?x=1',
        expirationTime: null,
        keys: { p256dh: 'BPc-clave_publica', auth: 'aut/+h' },
      }),
    };
    const token = tokenDeSuscripcion(suscripcion);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const json = new TextDecoder().decode(desdeBase64Url(token));
    expect(JSON.parse(json)).toEqual({
      endpoint: 'https://push.example/enviar/abc?x=1',
      keys: { p256dh: 'BPc-clave_publica', auth: 'aut/+h' },
    });
  });

  it('base64url round-trips any bytes, without padding', () => {
    const bytes = new Uint8Array([0, 1, 250, 251, 252, 253, 254, 255, 62, 63]);
    const texto = aBase64Url(bytes);
    expect(texto).not.toMatch(/[+/=]/);
    expect([...desdeBase64Url(texto)]).toEqual([...bytes]);
  });
});
