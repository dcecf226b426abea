import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../../lib/md5';
import { validarUsuario, valoresIniciales, type ValoresUsuario } from './usuario-validacion';

const valido = (parcial: Partial<ValoresUsuario> = {}): ValoresUsuario => ({
  ...valoresIniciales(),
  usuario: 'jperez',
  nombre: 'Juan',
  apellido: 'Pérez',
  email: 'juan@example.com',
  password: 'Segura123',
  ...parcial,
});

describe('validarUsuario', () => {
  it('builds the storeUser of a new user with the MD5 of the password, never the password', () => {
    const r = validarUsuario(valido({ permisos: ['crearOrden'], supervisorId: 7 }), null);
    expect(r).toEqual({
      ok: true,
      datos: {
        usuario: 'jperez',
        nombre: 'Juan',
        apellido: 'Pérez',
        email: 'juan@example.com',
        activo: true,
        permisos: ['crearOrden'],
        supervisorId: 7,
        password: md5Hex('Segura123'),
      },
    });
    expect(JSON.stringify(r)).not.toContain('Segura123');
  });

  it('says what is missing, in Spanish, on each field', () => {
    const r = validarUsuario(valoresIniciales(), null);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores).toMatchObject({
      usuario: 'Ingrese el nombre de usuario.',
      nombre: 'Ingrese el nombre.',
      password: 'Ingrese la contraseña inicial.',
    });
  });

  it('applies the server rules of the contract: login name characters and email', () => {
    const r = validarUsuario(valido({ usuario: 'juan pérez', email: 'no-es-un-email' }), null);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores.usuario).toMatch(/^El usuario debe tener de 3 a 60 caracteres/);
    expect(r.errores.email).toBe('El email no es una dirección válida.');
  });

  it('asks for at least 8 characters in a new password', () => {
    const r = validarUsuario(valido({ password: 'corta' }), null);
    expect(r.ok || r.errores.password).toBe('La contraseña debe tener al menos 8 caracteres.');
  });

  it('on edit the password is optional and the id travels', () => {
    const r = validarUsuario(valido({ password: '', activo: false }), 12);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.datos).toMatchObject({ id: 12, activo: false });
    expect(r.datos).not.toHaveProperty('password');
  });

  it('on edit a new password is checked and sent as MD5', () => {
    const corta = validarUsuario(valido({ password: '1234' }), 12);
    expect(corta.ok).toBe(false);
    const buena = validarUsuario(valido({ password: 'OtraClave99' }), 12);
    expect(buena.ok && buena.datos.password).toBe(md5Hex('OtraClave99'));
  });

  it('an empty email is allowed (it travels empty and the server stores none)', () => {
    expect(validarUsuario(valido({ email: '' }), null).ok).toBe(true);
  });
});
