import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hayCambiosSinGuardar } from '../../../../lib/cambios-sin-guardar';
import { md5Hex } from '../../../../lib/md5';
import { leerSesion } from '../../../../lib/session';
import { makeAdmin, makeOperario } from '../../../../test/factories';
import { MD5_DEMO, renderPantalla } from '../../shared/pruebas';
import { escribir, pulsarEnter } from '../../../../test/ionic';
import { errorDelServidor, json, simularServidor } from '../../../../test/servidor';
import PerfilPage from './perfil-page';

const perfilDe = (u: { id: number; usuario: string; nombre: string; apellido: string; email: string | null }) => ({
  id: u.id,
  usuario: u.usuario,
  nombre: u.nombre,
  apellido: u.apellido,
  email: u.email,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('perfil (Mi cuenta)', () => {
  it('a password change sends both MD5s and stores the new one, so the session keeps working', async () => {
    const yo = makeOperario();
    const s = simularServidor({ 'PUT /api/v2/profile': () => json(200, perfilDe(yo)) });
    renderPantalla(<PerfilPage />, { usuario: yo, ruta: '/perfil' });

    escribir(screen.getByTestId('perfil-password-actual'), 'Demo1234!');
    escribir(screen.getByTestId('perfil-password-nueva'), 'Nueva12345');
    escribir(screen.getByTestId('perfil-password-repetida'), 'Nueva12345');
    await pulsarEnter(screen.getByTestId('perfil-password-repetida'));

    await waitFor(() => expect(s.de('PUT', '/api/v2/profile')).toHaveLength(1));
    const llamada = s.de('PUT', '/api/v2/profile')[0];
    expect(llamada?.cuerpo).toEqual({ passwordActual: md5Hex('Demo1234!'), passwordNueva: md5Hex('Nueva12345') });
    // The change itself goes with the old credentials; everything after with the new ones.
    expect(llamada?.autorizacion).toBe(`${yo.usuario}#${MD5_DEMO}`);
    await waitFor(() => expect(leerSesion()?.md5).toBe(md5Hex('Nueva12345')));
    expect(JSON.stringify(window.localStorage)).not.toContain('Nueva12345');
  });

  it('a wrong current password shows on that field and the stored password does not change', async () => {
    const yo = makeOperario();
    simularServidor({
      'PUT /api/v2/profile': () =>
        errorDelServidor(400, 'La contraseña actual no es correcta.', {
          code: 'DATOS_INVALIDOS',
          field: 'passwordActual',
        }),
    });
    renderPantalla(<PerfilPage />, { usuario: yo, ruta: '/perfil' });
    escribir(screen.getByTestId('perfil-password-actual'), 'equivocada');
    escribir(screen.getByTestId('perfil-password-nueva'), 'Nueva12345');
    escribir(screen.getByTestId('perfil-password-repetida'), 'Nueva12345');
    await pulsarEnter(screen.getByTestId('perfil-password-actual'));

    await waitFor(() =>
      expect(screen.getByTestId('perfil-password-actual')).toHaveProperty(
        'errorText',
        'La contraseña actual no es correcta.',
      ),
    );
    expect(leerSesion()?.md5).toBe(MD5_DEMO);
  });

  it('a new login name is stored in the session at once', async () => {
    const yo = makeOperario();
    const s = simularServidor({ 'POST /api/v2/profile': () => json(200, perfilDe({ ...yo, usuario: 'diego.s' })) });
    renderPantalla(<PerfilPage />, { usuario: yo, ruta: '/perfil' });
    escribir(screen.getByTestId('perfil-usuario-input'), 'diego.s');
    await pulsarEnter(screen.getByTestId('perfil-usuario-input'));

    await waitFor(() => expect(s.de('POST', '/api/v2/profile')[0]?.cuerpo).toEqual({ username: 'diego.s' }));
    await waitFor(() => expect(leerSesion()?.usuario.usuario).toBe('diego.s'));
    expect(leerSesion()?.md5).toBe(MD5_DEMO);
  });

  it('names and email update the stored user (the menu shows them); a new email asks for the current password', async () => {
    const yo = makeOperario();
    const s = simularServidor({
      'PUT /api/v2/profile': () => json(200, perfilDe({ ...yo, nombre: 'Diego', apellido: 'Sosa', email: 'd@x.com' })),
    });
    renderPantalla(<PerfilPage />, { usuario: yo, ruta: '/perfil' });
    expect(screen.queryByTestId('perfil-datos-password')).toBeNull();
    escribir(screen.getByTestId('perfil-nombre-input'), 'Diego');
    escribir(screen.getByTestId('perfil-apellido-input'), 'Sosa');
    escribir(screen.getByTestId('perfil-email-input'), 'd@x.com');
    // Typed and not saved yet: leaving would ask first.
    expect(hayCambiosSinGuardar()).toBe(true);
    // The address that recovers the account changes: the current password first.
    await pulsarEnter(screen.getByTestId('perfil-email-input'));
    const clave = await screen.findByTestId('perfil-datos-password');
    await waitFor(() =>
      expect(clave).toHaveProperty('errorText', 'Para cambiar el email, ingrese su contraseña actual.'),
    );
    expect(s.de('PUT', '/api/v2/profile')).toHaveLength(0);
    escribir(clave, 'Demo1234!');
    await pulsarEnter(screen.getByTestId('perfil-email-input'));
    await waitFor(() =>
      expect(leerSesion()?.usuario).toMatchObject({ nombre: 'Diego', apellido: 'Sosa', email: 'd@x.com' }),
    );
    expect(s.de('PUT', '/api/v2/profile')[0]?.cuerpo).toEqual({
      nombre: 'Diego',
      apellido: 'Sosa',
      email: 'd@x.com',
      passwordActual: md5Hex('Demo1234!'),
    });
    // Saved: nothing left to lose, and the password typed for it is gone.
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));
    await waitFor(() => expect(screen.queryByTestId('perfil-datos-password')).toBeNull());
  });

  it('only admins see the company logo', () => {
    simularServidor({});
    const { unmount } = renderPantalla(<PerfilPage />, { usuario: makeOperario(), ruta: '/perfil' });
    expect(screen.queryByTestId('perfil-logo')).toBeNull();
    unmount();
    renderPantalla(<PerfilPage />, { usuario: makeAdmin(), ruta: '/perfil' });
    expect(screen.getByTestId('perfil-logo')).toBeInTheDocument();
  });

  it('refuses a logo that is too big or not an image before uploading, and uploads a good one as a data URL', async () => {
    const s = simularServidor({ 'PUT /api/v3/entidad/logo': () => json(200, { logo: 'data:image/png;base64,AAAA' }) });
    renderPantalla(<PerfilPage />, { usuario: makeAdmin(), ruta: '/perfil' });
    const input = screen.getByTestId('perfil-logo-archivo');

    const grande = new File([new Uint8Array(3 * 1024 * 1024)], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [grande] } });
    expect(await screen.findByTestId('perfil-logo-error')).toHaveTextContent('El logo no puede superar los 2 MB');

    const exe = new File(['MZ'], 'logo.exe', { type: 'application/x-msdownload' });
    fireEvent.change(input, { target: { files: [exe] } });
    await waitFor(() =>
      expect(screen.getByTestId('perfil-logo-error')).toHaveTextContent(
        'El logo debe ser una imagen PNG, JPEG o WebP.',
      ),
    );
    expect(s).toHaveLength(0);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    fireEvent.click(await screen.findByTestId('perfil-logo-guardar'));
    await waitFor(() => expect(s.de('PUT', '/api/v3/entidad/logo')).toHaveLength(1));
    expect(s.de('PUT', '/api/v3/entidad/logo')[0]?.cuerpo).toEqual({ logo: 'data:image/png;base64,iVBORw==' });
    await waitFor(() => expect(leerSesion()?.usuario.logo).toBe('data:image/png;base64,AAAA'));
  });
});
