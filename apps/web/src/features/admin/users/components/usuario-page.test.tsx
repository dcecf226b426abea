import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../../../lib/md5';
import { makeAdmin, makeUsuario } from '../../../../test/factories';
import { CATALOGO_PERMISOS, makeUsuarioAdmin, renderPantalla } from '../../shared/pruebas';
import { alternar, escribir, pulsarEnter, responderConfirmacion } from '../../../../test/ionic';
import { errorDelServidor, json, simularServidor } from '../../../../test/servidor';
import UsuarioPage from './usuario-page';

const ACTOR = { ...makeAdmin(), id: 900 };
const CARLA = makeUsuarioAdmin({ id: 3, usuario: 'supervisor', nombre: 'Carla', apellido: 'Ruiz' });
const DIEGO = makeUsuarioAdmin({ id: 4, usuario: 'operario', supervisorId: 3, permisos: ['finalizarOrden'] });

function servidor(extra = {}) {
  return simularServidor({
    'GET /api/v4/permisos': () => json(200, CATALOGO_PERMISOS),
    'GET /api/v2/usuarios': () => json(200, [CARLA, DIEGO]),
    'GET /api/v4/usuario/4': () => json(200, DIEGO),
    ...extra,
  });
}

const campo = (id: string) => screen.getByTestId(`usuario-${id}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usuario (form)', () => {
  it('Enter on an empty new user shows what is missing on each field and calls nothing', async () => {
    const s = servidor();
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario' });
    await screen.findByTestId('usuario-form');

    await pulsarEnter(campo('usuario'));

    await waitFor(() => expect(campo('usuario')).toHaveProperty('errorText', 'Ingrese el nombre de usuario.'));
    expect(campo('nombre')).toHaveProperty('errorText', 'Ingrese el nombre.');
    expect(campo('password')).toHaveProperty('errorText', 'Ingrese la contraseña inicial.');
    expect(campo('usuario')).toHaveClass('ion-invalid');
    expect(s.de('POST', '/api/v4/usuario')).toHaveLength(0);
  });

  it('the login name hint says the underscore is allowed, as in «Mi cuenta» and the contract', async () => {
    servidor();
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario' });
    await screen.findByTestId('usuario-form');
    expect(campo('usuario')).toHaveProperty('helperText', expect.stringContaining('punto, guion, guion bajo o @.'));
  });

  it('creates a user: the password travels only as its MD5, with the permissions chosen', async () => {
    const s = servidor({
      'POST /api/v4/usuario': () => json(200, makeUsuarioAdmin({ id: 50, usuario: 'jperez', nombre: 'Juan' })),
    });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario' });
    await screen.findByTestId('usuario-form');

    escribir(campo('usuario'), 'jperez');
    escribir(campo('nombre'), 'Juan');
    escribir(campo('apellido'), 'Pérez');
    escribir(campo('email'), 'juan@example.com');
    escribir(campo('password'), 'Segura123');
    alternar(await screen.findByTestId('usuario-permiso-crearOrden'), true);
    await pulsarEnter(campo('email'));

    await waitFor(() => expect(s.de('POST', '/api/v4/usuario')).toHaveLength(1));
    const cuerpo = s.de('POST', '/api/v4/usuario')[0]?.cuerpo;
    expect(cuerpo).toEqual({
      usuario: 'jperez',
      nombre: 'Juan',
      apellido: 'Pérez',
      email: 'juan@example.com',
      activo: true,
      permisos: ['crearOrden'],
      supervisorId: null,
      password: md5Hex('Segura123'),
    });
    expect(JSON.stringify(cuerpo)).not.toContain('Segura123');
    await waitFor(() => expect(document.querySelector('ion-toast')?.message).toBe('Se creó el usuario jperez.'));
  });

  it('invites instead of choosing a password: no password field, the email is required, invitar travels', async () => {
    const s = servidor({
      'POST /api/v4/usuario': () =>
        json(
          200,
          makeUsuarioAdmin({
            id: 51,
            usuario: 'lgomez',
            nombre: 'Lucía',
            email: 'lucia@example.com',
            invitacionPendiente: true,
          }),
        ),
    });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario' });
    await screen.findByTestId('usuario-form');

    alternar(campo('invitar'), true);
    await waitFor(() => expect(screen.queryByTestId('usuario-password')).toBeNull());
    escribir(campo('usuario'), 'lgomez');
    escribir(campo('nombre'), 'Lucía');
    await pulsarEnter(campo('nombre'));
    await waitFor(() =>
      expect(campo('email')).toHaveProperty('errorText', 'Ingrese el email: la invitación se envía a esa dirección.'),
    );
    expect(s.de('POST', '/api/v4/usuario')).toHaveLength(0);

    escribir(campo('email'), 'lucia@example.com');
    await pulsarEnter(campo('email'));
    await waitFor(() => expect(s.de('POST', '/api/v4/usuario')).toHaveLength(1));
    const cuerpo = s.de('POST', '/api/v4/usuario')[0]?.cuerpo as Record<string, unknown>;
    expect(cuerpo).toMatchObject({ usuario: 'lgomez', email: 'lucia@example.com', invitar: true });
    expect(cuerpo).not.toHaveProperty('password');
    await waitFor(() =>
      expect(document.querySelector('ion-toast')?.message).toBe('Se envió la invitación a lucia@example.com.'),
    );
  });

  it('«Invite a su equipo» (/usuario?invitar=1) opens a new user with the invitation on', async () => {
    servidor();
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?invitar=1' });
    await screen.findByTestId('usuario-form');
    expect(campo('invitar')).toHaveProperty('checked', true);
    expect(screen.queryByTestId('usuario-password')).toBeNull();
  });

  it('an invited user who has not chosen a password yet can be invited again; others cannot', async () => {
    servidor({
      'GET /api/v4/usuario/5': () =>
        json(200, makeUsuarioAdmin({ id: 5, usuario: 'invitada', invitacionPendiente: true })),
    });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?id=5' });
    expect(await screen.findByTestId('usuario-invitar')).toBeInTheDocument();
  });

  it('a user with a password gets no invitation toggle', async () => {
    servidor();
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?id=4' });
    await screen.findByTestId('usuario-form');
    await waitFor(() => expect(campo('usuario')).toHaveProperty('value', 'operario'));
    expect(screen.queryByTestId('usuario-invitar')).toBeNull();
  });

  it("puts the server's refusal on the field it names (login name taken), not in an alert", async () => {
    servidor({
      'POST /api/v4/usuario': () =>
        errorDelServidor(409, 'El nombre de usuario "operario" ya está en uso. Elija otro.', {
          code: 'CONFLICTO',
          field: 'usuario',
        }),
    });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario' });
    await screen.findByTestId('usuario-form');
    escribir(campo('usuario'), 'operario');
    escribir(campo('nombre'), 'Otro');
    escribir(campo('password'), 'Segura123');
    await pulsarEnter(campo('usuario'));

    await waitFor(() =>
      expect(campo('usuario')).toHaveProperty(
        'errorText',
        'El nombre de usuario "operario" ya está en uso. Elija otro.',
      ),
    );
    expect([...document.querySelectorAll('ion-alert')].some((a) => a.header === 'Atención')).toBe(false);
  });

  it('a user that does not exist (or is another company’s) is a not-found state, with no alert over it', async () => {
    servidor({ 'GET /api/v4/usuario/77': () => errorDelServidor(404, 'No se encontró el usuario.') });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?id=77' });
    expect(await screen.findByText('Usuario no encontrado')).toBeInTheDocument();
    expect(screen.getByText('Ver usuarios')).toBeInTheDocument();
    expect(screen.queryByText('Reintentar')).toBeNull();
    expect(screen.queryByTestId('usuario-form')).toBeNull();
    expect([...document.querySelectorAll('ion-alert')].some((a) => a.header === 'Atención')).toBe(false);
  });

  it('edits a user: loads it, keeps the password out unless a new one is typed', async () => {
    const s = servidor({ 'POST /api/v4/usuario': () => json(200, DIEGO) });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?id=4' });
    await waitFor(() => expect(campo('usuario')).toHaveProperty('value', 'operario'));
    expect(await screen.findByTestId('usuario-permiso-finalizarOrden')).toHaveProperty('checked', true);

    escribir(campo('nombre'), 'Diego Martín');
    await pulsarEnter(campo('nombre'));

    await waitFor(() => expect(s.de('POST', '/api/v4/usuario')).toHaveLength(1));
    const cuerpo = s.de('POST', '/api/v4/usuario')[0]?.cuerpo as Record<string, unknown>;
    expect(cuerpo).toMatchObject({ id: 4, usuario: 'operario', nombre: 'Diego Martín', supervisorId: 3 });
    expect(cuerpo).not.toHaveProperty('password');
  });

  it('asks before deactivating; "Cancelar" leaves the user active', async () => {
    servidor();
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?id=4' });
    const activo = await screen.findByTestId('usuario-activo');
    await waitFor(() => expect(activo).toHaveProperty('checked', true));

    alternar(activo, false);
    await responderConfirmacion('Cancelar');
    await waitFor(() => expect(activo).toHaveProperty('checked', true));

    alternar(activo, false);
    await responderConfirmacion('Desactivar');
    await waitFor(() => expect(activo).toHaveProperty('checked', false));
  });

  it('a user cannot deactivate themselves nor take away their own altaUsuarios', async () => {
    const yo = makeUsuarioAdmin({ ...DIEGO, id: ACTOR.id, usuario: ACTOR.usuario, permisos: ['altaUsuarios'] });
    servidor({ [`GET /api/v4/usuario/${ACTOR.id}`]: () => json(200, yo) });
    renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: `/usuario?id=${ACTOR.id}` });
    expect(await screen.findByTestId('usuario-activo')).toHaveProperty('disabled', true);
    expect(await screen.findByTestId('usuario-permiso-altaUsuarios')).toHaveProperty('disabled', true);
  });

  it("only an owner gets the password field for someone else's account; an admin reads why not", async () => {
    servidor();
    const vista = renderPantalla(<UsuarioPage />, { usuario: ACTOR, ruta: '/usuario?id=4' });
    await waitFor(() => expect(campo('usuario')).toHaveProperty('value', 'operario'));
    expect(screen.queryByTestId('usuario-password')).toBeNull();
    expect(screen.getByTestId('usuario-password-nota')).toHaveTextContent(
      'Solo un propietario puede cambiar la contraseña',
    );
    vista.unmount();

    const duenio = { ...makeUsuario({ roles: ['PROPIETARIO'], globales: ['altaUsuarios'] }), id: 901 };
    renderPantalla(<UsuarioPage />, { usuario: duenio, ruta: '/usuario?id=4' });
    await waitFor(() => expect(campo('usuario')).toHaveProperty('value', 'operario'));
    expect(campo('password')).toBeInTheDocument();
  });

  it('a user holding something the actor lacks is locked, and permissions the actor lacks cannot be ticked', async () => {
    const gestor = { ...makeUsuario({ roles: ['OPERARIO'], globales: ['altaUsuarios'] }), id: 902 };
    servidor();
    renderPantalla(<UsuarioPage />, { usuario: gestor, ruta: '/usuario?id=4' });
    await waitFor(() => expect(campo('usuario')).toHaveProperty('value', 'operario'));
    // DIEGO holds finalizarOrden, which the actor lacks.
    expect(screen.getByRole('note')).toHaveTextContent('Tiene permisos que usted no tiene (Finalizar órdenes)');
    expect(campo('nombre')).toHaveProperty('disabled', true);
    expect(await screen.findByTestId('usuario-permiso-crearOrden')).toHaveProperty('disabled', true);
  });

  it('without altaUsuarios the screen says so and calls nothing', () => {
    const s = simularServidor({});
    renderPantalla(<UsuarioPage />, { usuario: makeUsuario({ globales: ['crearOrden'] }), ruta: '/usuario' });
    expect(screen.getByTestId('admin-sin-permiso')).toHaveTextContent('No tiene permiso para administrar usuarios');
    expect(s).toHaveLength(0);
  });
});
