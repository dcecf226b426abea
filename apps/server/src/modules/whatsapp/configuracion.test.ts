import { expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

it('sin WHATSAPP_TOKEN, el modo de prueba (el secreto y el token de verificación valen igual)', () => {
  expect(loadConfig({}).whatsapp).toEqual({ cloudApi: null, appSecret: null, verifyToken: null });
  expect(loadConfig({ WHATSAPP_APP_SECRET: 's', WHATSAPP_VERIFY_TOKEN: 'v' }).whatsapp).toEqual({
    cloudApi: null,
    appSecret: 's',
    verifyToken: 'v',
  });
});

it('con WHATSAPP_TOKEN, las otras tres son obligatorias y el error dice cuáles faltan', () => {
  let mensaje = '';
  try {
    loadConfig({ WHATSAPP_TOKEN: 'EAAG-secreto', WHATSAPP_APP_SECRET: 's' });
  } catch (e) {
    mensaje = (e as Error).message;
  }
  expect(mensaje).toContain('WHATSAPP_PHONE_NUMBER_ID es obligatoria con WHATSAPP_TOKEN');
  expect(mensaje).toContain('WHATSAPP_VERIFY_TOKEN es obligatoria con WHATSAPP_TOKEN');
  expect(mensaje).not.toContain('WHATSAPP_APP_SECRET es obligatoria');
  // The token itself is never in the error.
  expect(mensaje).not.toContain('EAAG-secreto');
  expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '+54 9 11' })).toThrow(/whatsappPhoneNumberId/);
  expect(() => loadConfig({ WHATSAPP_API_URL: 'ftp://x' })).toThrow(/whatsappApiUrl/);
});

it('con las cuatro, la Cloud API (y WHATSAPP_API_URL si se da)', () => {
  const c = loadConfig({
    WHATSAPP_TOKEN: 't',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 's',
    WHATSAPP_VERIFY_TOKEN: 'v',
    WHATSAPP_API_URL: 'http://127.0.0.1:9999/v21.0',
  });
  expect(c.whatsapp).toEqual({
    cloudApi: { token: 't', phoneNumberId: '106540352242922', apiUrl: 'http://127.0.0.1:9999/v21.0' },
    appSecret: 's',
    verifyToken: 'v',
  });
});
