import type { Root } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reiniciarRefresco } from '../features/auth/api/refrescar-sesion';
import { borrarSesion, guardarSesion, leerSesion } from '../lib/session';
import { makeOperario } from '../test/factories';
import { json, simularServidor } from '../test/servidor';
import { montarAppCompleta } from './app-completa';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

/** A root that draws nothing: what matters here is what the start asks the server. */
function raizFalsa(): Root {
  return { render: vi.fn(), unmount: vi.fn() } as unknown as Root;
}

beforeEach(() => {
  reiniciarRefresco();
  borrarSesion();
});

describe('montarAppCompleta: the stored user is read again at start', () => {
  it('a name or email changed on another device shows in the menu and «Mi cuenta» after a reload', async () => {
    const guardado = { ...makeOperario(), nombre: 'Diego', email: 'diego@viejo.com.ar' };
    guardarSesion({ usuario: guardado, md5: MD5 });
    const s = simularServidor({
      'GET /api/v4/login': () => json(200, { ...guardado, nombre: 'Diego Martín', email: 'diego@nuevo.com.ar' }),
    });

    montarAppCompleta(raizFalsa());

    await vi.waitFor(() => expect(leerSesion()?.usuario.nombre).toBe('Diego Martín'));
    expect(leerSesion()?.usuario.email).toBe('diego@nuevo.com.ar');
    expect(leerSesion()?.md5).toBe(MD5);
    expect(s.de('GET', '/api/v4/login')[0]?.autorizacion).toBe(`${guardado.usuario}#${MD5}`);
  });

  it('without a session it asks nothing', async () => {
    const s = simularServidor({});
    montarAppCompleta(raizFalsa());
    await new Promise((r) => setTimeout(r, 50));
    expect(s).toHaveLength(0);
  });
});
