import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardarSesion } from '../lib/session';
import { makeOperario, makePlan, makePropietario } from '../test/factories';
import { simularServidor } from '../test/servidor';
import { App } from './app';
import { crearQueryClient } from './query-client';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

function abrir(ruta: string) {
  window.history.replaceState(null, '', ruta);
  return render(<App queryClient={crearQueryClient()} />);
}

function rutaActual(): string {
  return window.location.pathname + window.location.search;
}

beforeEach(() => {
  // The order list (home) gets an empty page; the menu, the plan; the bell, no notifications.
  simularServidor({
    'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 25 },
    'GET /api/v2/plan/estado': makePlan(),
    'GET /api/v2/notificaciones/all': [],
  });
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('routing with guards (SPEC §2)', () => {
  it('a guarded route while logged out lands on login, remembering where to return', async () => {
    abrir('/estadisticas');
    await waitFor(() => expect(rutaActual()).toBe('/login?volver=%2Festadisticas'));
    expect(await screen.findByTestId('login-usuario')).toBeInTheDocument();
    // The redirect must not fire again once the address has changed (Ionic renders it once more).
    await new Promise((listo) => setTimeout(listo, 300));
    expect(rutaActual()).toBe('/login?volver=%2Festadisticas');
  });

  it('an admin-only route while logged out lands on login too', async () => {
    abrir('/planes');
    await waitFor(() => expect(rutaActual()).toBe('/login?volver=%2Fplanes'));
  });

  it('the empty route goes to home, and home asks a logged-out visitor to log in', async () => {
    abrir('/');
    await waitFor(() => expect(rutaActual()).toBe('/login'));
  });

  it('ordeneslist redirects to home', async () => {
    guardarSesion({ usuario: makeOperario(), md5: MD5 });
    abrir('/ordeneslist');
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
    // Inicio is the order list (its code loads lazily: allow for a slow first transform).
    expect(await screen.findByText('No hay órdenes que coincidan', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('an admin-only route sends a non-admin to home', async () => {
    guardarSesion({ usuario: makeOperario(), md5: MD5 });
    abrir('/horas-reportadas');
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
  });

  it('an admin-only route shows its screen once the guard lets the owner in', async () => {
    guardarSesion({ usuario: makePropietario(), md5: MD5 });
    abrir('/planes');
    expect(await screen.findByRole('heading', { name: 'Elija su plan' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/planes');
  });

  it('an unknown address is the 404 page, with a way back to Inicio', async () => {
    abrir('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(await screen.findByText('Ir a Inicio')).toBeInTheDocument();
  });

  it('logging out leaves the plain login: the next person starts at Inicio', async () => {
    guardarSesion({ usuario: makePropietario(), md5: MD5 });
    abrir('/perfil');
    fireEvent.click(await screen.findByTestId('menu-cerrar-sesion'));

    await waitFor(() => expect(rutaActual()).toBe('/login'));
    expect(await screen.findByTestId('login-usuario')).toBeInTheDocument();
    // The guard of the screen left behind must not add its return path afterwards.
    await new Promise((listo) => setTimeout(listo, 300));
    expect(rutaActual()).toBe('/login');
    // The next login forgets the logout (later tests expect the return path again).
    guardarSesion({ usuario: makeOperario(), md5: MD5 });
  });

  it('the login screen is public', async () => {
    abrir('/login/true');
    expect(await screen.findByRole('status')).toHaveTextContent('Ya puede ingresar');
    expect(rutaActual()).toBe('/login/true');
  });
});
