import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdmin, makePropietario } from '../../../../test/factories';
import { makeUsuarioAdmin, renderPantalla } from '../../shared/pruebas';
import { alternar } from '../../../../test/ionic';
import { errorDelServidor, json, simularServidor } from '../../../../test/servidor';
import AsignarRolesPage from './asignar-roles-page';

const ROLES = [
  { id: 1, nombre: 'PROPIETARIO', descripcion: 'Dueño de la cuenta' },
  { id: 2, nombre: 'ADMIN', descripcion: 'Administrador de la entidad' },
  { id: 3, nombre: 'SUPERVISOR', descripcion: 'Delega y sigue el trabajo de su equipo' },
  { id: 4, nombre: 'OPERARIO', descripcion: 'Trabaja las órdenes que le asignan' },
];
const LAURA = makeUsuarioAdmin({ id: 1, usuario: 'propietario', nombre: 'Laura', roles: [ROLES[0]!] });
const DIEGO = makeUsuarioAdmin({ id: 4, usuario: 'operario', roles: [ROLES[3]!] });

/** The headers of the global alerts on screen ('Atención' is an error reported to the person). */
const alertas = () => [...document.querySelectorAll('ion-alert')].map((a) => a.header);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('asignar-roles', () => {
  it('saves the roles chosen as role ids through POST /api/v4/usuario', async () => {
    const s = simularServidor({
      'GET /api/v2/roles': () => json(200, ROLES),
      'GET /api/v4/usuario/4': () => json(200, DIEGO),
      'POST /api/v4/usuario': () => json(200, { ...DIEGO, roles: [ROLES[2], ROLES[3]] }),
    });
    renderPantalla(<AsignarRolesPage />, { usuario: { ...makeAdmin(), id: 900 }, ruta: '/asignar-roles?usuario=4' });
    alternar(await screen.findByTestId('rol-SUPERVISOR'), true);
    const guardar = screen.getByTestId('roles-guardar');
    await waitFor(() => expect(guardar).toHaveProperty('disabled', false));
    guardar.click();

    await waitFor(() => expect(s.de('POST', '/api/v4/usuario')).toHaveLength(1));
    expect(s.de('POST', '/api/v4/usuario')[0]?.cuerpo).toEqual({
      id: 4,
      usuario: 'operario',
      nombre: 'Diego',
      apellido: 'Sosa',
      roles: [4, 3],
    });
  });

  it('only an owner may give or take PROPIETARIO: for an admin that toggle is off limits', async () => {
    simularServidor({ 'GET /api/v2/roles': () => json(200, ROLES), 'GET /api/v4/usuario/4': () => json(200, DIEGO) });
    renderPantalla(<AsignarRolesPage />, { usuario: { ...makeAdmin(), id: 900 }, ruta: '/asignar-roles?usuario=4' });
    expect(await screen.findByTestId('rol-PROPIETARIO')).toHaveProperty('disabled', true);
    expect(screen.getByText('Solo un propietario puede asignar o quitar este rol.')).toBeInTheDocument();
    expect(screen.getByTestId('rol-ADMIN')).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal (the last owner) on the screen and keeps the choice", async () => {
    simularServidor({
      'GET /api/v2/roles': () => json(200, ROLES),
      'GET /api/v4/usuario/1': () => json(200, LAURA),
      'POST /api/v4/usuario': () =>
        errorDelServidor(
          409,
          'La empresa debe conservar al menos un propietario activo: asigne el rol PROPIETARIO a otro usuario antes.',
          { code: 'CONFLICTO', field: 'roles' },
        ),
    });
    renderPantalla(<AsignarRolesPage />, {
      usuario: { ...makePropietario(), id: 900 },
      ruta: '/asignar-roles?usuario=1',
    });
    const propietario = await screen.findByTestId('rol-PROPIETARIO');
    alternar(propietario, false);
    alternar(screen.getByTestId('rol-ADMIN'), true);
    const guardar = screen.getByTestId('roles-guardar');
    await waitFor(() => expect(guardar).toHaveProperty('disabled', false));
    guardar.click();

    const rechazo = await screen.findByTestId('roles-rechazo');
    expect(rechazo).toHaveTextContent('No se guardaron los roles.');
    expect(rechazo).toHaveTextContent('La empresa debe conservar al menos un propietario activo');
    expect(propietario).toHaveProperty('checked', false);
  });

  it('a user that does not exist (or is another company’s) is a not-found state, with no alert over it', async () => {
    const s = simularServidor({
      'GET /api/v2/roles': () => json(200, ROLES),
      'GET /api/v4/usuario/77': () => errorDelServidor(404, 'No se encontró el usuario.'),
    });
    renderPantalla(<AsignarRolesPage />, { usuario: { ...makeAdmin(), id: 900 }, ruta: '/asignar-roles?usuario=77' });
    expect(await screen.findByText('Usuario no encontrado')).toBeInTheDocument();
    expect(screen.getByText('Ver usuarios')).toBeInTheDocument();
    expect(screen.queryByText('Reintentar')).toBeNull();
    expect(screen.queryByTestId('roles-form')).toBeNull();
    await waitFor(() => expect(s.de('GET', '/api/v2/roles')).toHaveLength(1));
    expect(alertas()).toEqual([]);
  });

  it('a failure that is not a 404 keeps «Reintentar», which asks again', async () => {
    let fallar = true;
    const s = simularServidor({
      'GET /api/v2/roles': () => json(200, ROLES),
      'GET /api/v4/usuario/4': () => (fallar ? errorDelServidor(500, 'Error interno.') : json(200, DIEGO)),
    });
    renderPantalla(<AsignarRolesPage />, { usuario: { ...makeAdmin(), id: 900 }, ruta: '/asignar-roles?usuario=4' });
    const reintentar = await screen.findByText('Reintentar', {}, { timeout: 5000 });
    expect(screen.getByText('No se pudieron cargar los datos')).toBeInTheDocument();
    expect(screen.queryByText('Usuario no encontrado')).toBeNull();

    fallar = false;
    reintentar.click();
    expect(await screen.findByTestId('rol-OPERARIO')).toBeInTheDocument();
    expect(s.de('GET', '/api/v4/usuario/4').length).toBeGreaterThan(1);
  });
});
