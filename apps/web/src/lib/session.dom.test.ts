import { describe, expect, it, vi } from 'vitest';
import { makeUsuario } from '../test/factories';
import {
  borrarSesion,
  CLAVE_PRIMER_USO,
  CLAVE_SALIDA,
  CLAVE_SESION,
  guardarSesion,
  huboSalida,
  leerSesion,
  limpiezaPrimerUso,
  suscribirSesion,
} from './session';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

describe('stored session', () => {
  it('keeps the user and the MD5 hex, and nothing else', () => {
    const usuario = makeUsuario({ usuario: 'supervisor' });
    guardarSesion({ usuario, md5: MD5 });

    const crudo = JSON.parse(window.localStorage.getItem(CLAVE_SESION) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(crudo).sort()).toEqual(['md5', 'usuario']);
    expect(JSON.stringify(crudo)).not.toContain('Demo1234!');
    expect(leerSesion()).toEqual({ usuario, md5: MD5 });
  });

  it('returns the same object while the stored value does not change', () => {
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    expect(leerSesion()).toBe(leerSesion());
  });

  it('ignores a stored value that is not a valid session', () => {
    window.localStorage.setItem(CLAVE_SESION, '{no es json');
    expect(leerSesion()).toBeNull();
    window.localStorage.setItem(CLAVE_SESION, JSON.stringify({ usuario: { usuario: 'x' }, md5: MD5 }));
    expect(leerSesion()).toBeNull();
    window.localStorage.setItem(CLAVE_SESION, JSON.stringify({ usuario: makeUsuario(), md5: 'Demo1234!' }));
    expect(leerSesion()).toBeNull();
  });

  it('borrarSesion removes it', () => {
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    borrarSesion();
    expect(leerSesion()).toBeNull();
    expect(window.localStorage.getItem(CLAVE_SESION)).toBeNull();
  });

  it('remembers a logout until the next login, but not a refused credential', () => {
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    borrarSesion();
    expect(huboSalida()).toBe(false);

    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    borrarSesion({ salida: true });
    expect(huboSalida()).toBe(true);
    // Nothing of it stays stored: a new page load starts without it.
    expect(window.localStorage.getItem(CLAVE_SALIDA)).toBeNull();

    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    expect(huboSalida()).toBe(false);
  });

  it('learns of a logout and a login in another tab', () => {
    const dejar = suscribirSesion(() => undefined);
    window.dispatchEvent(new StorageEvent('storage', { key: CLAVE_SALIDA, newValue: '1' }));
    expect(huboSalida()).toBe(true);
    window.dispatchEvent(new StorageEvent('storage', { key: CLAVE_SESION, newValue: '{}' }));
    expect(huboSalida()).toBe(false);
    dejar();
  });

  it('tells listeners about changes here and in other tabs', () => {
    const oyente = vi.fn();
    const dejar = suscribirSesion(oyente);
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    borrarSesion();
    window.dispatchEvent(new StorageEvent('storage', { key: CLAVE_SESION }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'otra-cosa' }));
    expect(oyente).toHaveBeenCalledTimes(3);
    dejar();
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    expect(oyente).toHaveBeenCalledTimes(3);
  });
});

describe('limpiezaPrimerUso (SPEC §9)', () => {
  it('wipes localStorage the first time and leaves the marker', () => {
    window.localStorage.setItem('usuarioLogueado', '{"de":"la app anterior"}');
    window.localStorage.setItem(CLAVE_SESION, 'viejo');

    expect(limpiezaPrimerUso()).toBe(true);

    expect(window.localStorage.getItem('usuarioLogueado')).toBeNull();
    expect(window.localStorage.getItem(CLAVE_SESION)).toBeNull();
    expect(window.localStorage.getItem(CLAVE_PRIMER_USO)).not.toBeNull();
  });

  it('never wipes again once the marker is there', () => {
    limpiezaPrimerUso();
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });

    expect(limpiezaPrimerUso()).toBe(false);
    expect(leerSesion()).not.toBeNull();
  });

  it('does nothing without storage', () => {
    expect(limpiezaPrimerUso(null)).toBe(false);
  });
});
