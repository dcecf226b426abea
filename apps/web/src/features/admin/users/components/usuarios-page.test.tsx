import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdmin } from '../../../../test/factories';
import { makeUsuarioAdmin, renderPantalla } from '../../shared/pruebas';
import { escribir } from '../../../../test/ionic';
import { errorDelServidor, json, simularServidor } from '../../../../test/servidor';
import UsuariosPage from './usuarios-page';

const ACTOR = { ...makeAdmin(), id: 900 };
const TODOS = [
  makeUsuarioAdmin({ id: 1, usuario: 'propietario', nombre: 'Laura', apellido: 'Fernández' }),
  makeUsuarioAdmin({ id: 2, usuario: 'admin', nombre: 'Martín', apellido: 'Gómez' }),
  makeUsuarioAdmin({ id: 7, usuario: 'viejo', nombre: 'Pedro', apellido: 'Álvarez', activo: false }),
  makeUsuarioAdmin({ id: 8, usuario: 'invitada', nombre: 'Sofía', apellido: 'Ruiz', invitacionPendiente: true }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usuarios (list)', () => {
  it('lists every user, sorted by name, with an inactive badge', async () => {
    simularServidor({ 'GET /api/v2/usuarios': () => json(200, TODOS) });
    renderPantalla(<UsuariosPage />, { usuario: ACTOR, ruta: '/usuarios' });
    const lista = await screen.findByTestId('usuarios-lista');
    expect(
      within(lista)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Laura Fernández', 'Martín Gómez', 'Pedro Álvarez', 'Sofía Ruiz']);
    expect(screen.getByTestId('usuario-viejo')).toHaveTextContent('Inactivo');
    expect(screen.getByTestId('usuario-admin')).toHaveTextContent('Activo');
    await waitFor(() => expect(screen.getByTestId('usuario-admin')).toHaveProperty('routerLink', '/usuario?id=2'));
  });

  it('marks an invited user who has not chosen a password as «Invitación pendiente», not «Activo»', async () => {
    simularServidor({ 'GET /api/v2/usuarios': () => json(200, TODOS) });
    renderPantalla(<UsuariosPage />, { usuario: ACTOR, ruta: '/usuarios' });
    const fila = await screen.findByTestId('usuario-invitada');
    expect(fila).toHaveTextContent('Invitación pendiente');
    expect(fila).not.toHaveTextContent('Activo');
  });

  it('searches on the server (GET /api/v4/buscar/{texto}); meanwhile filters what it has', async () => {
    const s = simularServidor({
      'GET /api/v2/usuarios': () => json(200, TODOS),
      'GET /api/v4/buscar/mart%C3%ADn': () => json(200, [TODOS[1]]),
    });
    renderPantalla(<UsuariosPage />, { usuario: ACTOR, ruta: '/usuarios' });
    await screen.findByTestId('usuarios-lista');

    escribir(screen.getByTestId('usuarios-buscar'), 'martín');
    await waitFor(() => expect(s.de('GET', '/api/v4/buscar/mart%C3%ADn')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByTestId('usuarios-lista')).getAllByRole('heading')).toHaveLength(1));
    expect(screen.getByTestId('usuario-admin')).toBeInTheDocument();

    escribir(screen.getByTestId('usuarios-buscar'), 'nadie');
    expect(await screen.findByTestId('usuarios-vacio')).toHaveTextContent('Ningún usuario coincide con «nadie».');
  });

  it('a list that cannot load offers to try again', async () => {
    let falla = true;
    simularServidor({
      'GET /api/v2/usuarios': () =>
        falla ? errorDelServidor(403, 'No tiene permiso para realizar esta acción.') : json(200, TODOS),
    });
    renderPantalla(<UsuariosPage />, { usuario: ACTOR, ruta: '/usuarios' });
    const error = await screen.findByTestId('admin-error');
    expect(error).toHaveTextContent('No tiene permiso para realizar esta acción.');
    falla = false;
    within(error).getByText('Reintentar').click();
    expect(await screen.findByTestId('usuarios-lista')).toBeInTheDocument();
  });
});
