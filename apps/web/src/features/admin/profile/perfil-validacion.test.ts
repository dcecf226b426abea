import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../../lib/md5';
import { problemaLogo, validarCambioPassword, validarDatos, validarNuevoUsuario } from './perfil-validacion';

describe('Mi cuenta: validation', () => {
  it('datos: name required, email checked with the server rule', () => {
    expect(validarDatos({ nombre: ' ', apellido: '', email: 'x@', passwordActual: 'Demo1234!' }, null)).toEqual({
      ok: false,
      errores: { nombre: 'Ingrese su nombre.', email: 'El email no es una dirección válida.' },
    });
    expect(validarDatos({ nombre: 'Ana', apellido: 'Paz', email: '', passwordActual: '' }, null)).toEqual({
      ok: true,
      datos: { nombre: 'Ana', apellido: 'Paz', email: '' },
    });
  });

  it('datos: a new email needs the current password, sent as MD5; the same email (any case) does not', () => {
    const sin = validarDatos(
      { nombre: 'Ana', apellido: '', email: 'ana@nuevo.com', passwordActual: '' },
      'ana@viejo.com',
    );
    expect(sin.ok || sin.errores).toEqual({ passwordActual: 'Para cambiar el email, ingrese su contraseña actual.' });
    expect(
      validarDatos(
        { nombre: 'Ana', apellido: '', email: 'ana@nuevo.com', passwordActual: 'Demo1234!' },
        'ana@viejo.com',
      ),
    ).toEqual({
      ok: true,
      datos: { nombre: 'Ana', apellido: '', email: 'ana@nuevo.com', passwordActual: md5Hex('Demo1234!') },
    });
    expect(
      validarDatos({ nombre: 'Ana', apellido: '', email: 'ANA@viejo.com ', passwordActual: '' }, 'ana@viejo.com').ok,
    ).toBe(true);
  });

  it('password: current, new of 8 or more, repeated equal; travels as MD5', () => {
    const vacio = validarCambioPassword({ actual: '', nueva: '', repetida: '' });
    expect(vacio.ok || vacio.errores).toEqual({
      actual: 'Ingrese su contraseña actual.',
      nueva: 'Ingrese la contraseña nueva.',
      repetida: 'Repita la contraseña nueva.',
    });
    const distinta = validarCambioPassword({ actual: 'Demo1234!', nueva: 'Nueva12345', repetida: 'Nueva12346' });
    expect(distinta.ok || distinta.errores).toEqual({ repetida: 'Las contraseñas no coinciden.' });
    const igual = validarCambioPassword({ actual: 'Demo1234!', nueva: 'Demo1234!', repetida: 'Demo1234!' });
    expect(igual.ok || igual.errores.nueva).toBe('La contraseña nueva debe ser distinta de la actual.');
    expect(validarCambioPassword({ actual: 'Demo1234!', nueva: 'Nueva12345', repetida: 'Nueva12345' })).toEqual({
      ok: true,
      datos: { passwordActual: md5Hex('Demo1234!'), passwordNueva: md5Hex('Nueva12345') },
    });
  });

  it('login name: the server rule, and not the current one', () => {
    expect(validarNuevoUsuario('admin', 'admin')).toEqual({
      ok: false,
      errores: { username: 'Es su nombre de usuario actual.' },
    });
    const malo = validarNuevoUsuario('a b', 'admin');
    expect(malo.ok || malo.errores.username).toMatch(/^El usuario debe tener de 3 a 60 caracteres/);
    expect(validarNuevoUsuario(' martin.g ', 'admin')).toEqual({ ok: true, datos: 'martin.g' });
  });

  it('logo: PNG, JPEG or WebP of at most 2 MB', () => {
    expect(problemaLogo({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(problemaLogo({ type: 'image/gif', size: 1000 })).toBe('El logo debe ser una imagen PNG, JPEG o WebP.');
    expect(problemaLogo({ type: 'application/x-msdownload', size: 1000 })).toBe(
      'El logo debe ser una imagen PNG, JPEG o WebP.',
    );
    expect(problemaLogo({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe(
      'El logo no puede superar los 2 MB (este archivo pesa 3 MB).',
    );
    // The decimal comma, as everywhere else in the app.
    expect(problemaLogo({ type: 'image/png', size: Math.round(2.94 * 1024 * 1024) })).toBe(
      'El logo no puede superar los 2 MB (este archivo pesa 2,9 MB).',
    );
  });
});
