import { describe, expect, it } from 'vitest';
import { MENSAJES_SOLICITUD, zSolicitudPublica } from './solicitudes.js';

const base = { que: 'Pierde agua el tanque', nombre: 'Marta', clave: '2f1c7b0e-7a51-4c8f-9d43-2b1e6f0a9c11' };

describe('zSolicitudPublica', () => {
  it('needs an email or a telephone, said at the email', () => {
    const r = zSolicitudPublica.safeParse({ ...base, email: '', telefono: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', MENSAJES_SOLICITUD.sinContacto],
    ]);
    expect(zSolicitudPublica.parse({ ...base, telefono: '341 555 1234' }).telefono).toBe('341 555 1234');
    expect(zSolicitudPublica.parse({ ...base, email: ' marta@example.com ' }).email).toBe('marta@example.com');
  });

  it('refuses a telephone without six digits, at the telephone', () => {
    for (const telefono of ['abc', '---', '12345', 'llamar a la tarde']) {
      const r = zSolicitudPublica.safeParse({ ...base, telefono });
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['telefono', MENSAJES_SOLICITUD.telefonoSinDigitos],
      ]);
    }
    expect(zSolicitudPublica.parse({ ...base, telefono: '(0341) 555-12 int. 3' }).telefono).toBe(
      '(0341) 555-12 int. 3',
    );
  });

  it('refuses a missing text, a bad email and a send without its id, each at its field', () => {
    const r = zSolicitudPublica.safeParse({ que: ' ', nombre: 'M', email: 'no', clave: 'x' });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['clave', 'email', 'que']);
  });
});
