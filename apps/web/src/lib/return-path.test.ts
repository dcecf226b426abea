import { describe, expect, it } from 'vitest';
import { makeUsuario } from '../test/factories';
import { destinoSeguro, rutaLogin } from './return-path';
import { borrarSesion, guardarSesion } from './session';

describe('return path after login', () => {
  it('remembers a guarded page, with its query', () => {
    expect(rutaLogin('/estadisticas')).toBe('/login?volver=%2Festadisticas');
    expect(rutaLogin('/historial-imprimir/7?x=1')).toBe('/login?volver=%2Fhistorial-imprimir%2F7%3Fx%3D1');
  });

  it('plain login for home, the root or nothing', () => {
    expect(rutaLogin('/home')).toBe('/login');
    expect(rutaLogin('/')).toBe('/login');
    expect(rutaLogin()).toBe('/login');
  });

  it('only accepts paths inside the app', () => {
    expect(destinoSeguro('/planes')).toBe('/planes');
    expect(destinoSeguro('https://malicioso.example')).toBeNull();
    expect(destinoSeguro('//malicioso.example/x')).toBeNull();
    expect(destinoSeguro('/\\malicioso.example')).toBeNull();
    expect(destinoSeguro('planes')).toBeNull();
    expect(destinoSeguro(null)).toBeNull();
  });

  it('never returns to the login screen itself', () => {
    expect(destinoSeguro('/login')).toBeNull();
    expect(destinoSeguro('/login/true')).toBeNull();
  });

  it('after a logout, the plain login until someone logs in again', () => {
    guardarSesion({ usuario: makeUsuario(), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    borrarSesion({ salida: true });
    expect(rutaLogin('/perfil')).toBe('/login');

    guardarSesion({ usuario: makeUsuario(), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    borrarSesion();
    expect(rutaLogin('/perfil')).toBe('/login?volver=%2Fperfil');
  });
});
