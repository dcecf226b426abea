import type { PermisosDeUsuario } from '@delego/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdmin } from '../../../../test/factories';
import { renderConApp } from '../../../../test/render';
import { CATALOGO_PERMISOS, makeCliente, makeUsuarioAdmin, renderPantalla } from '../../shared/pruebas';
import { alertaAtencion, alternar, responderConfirmacion } from '../../../../test/ionic';
import { errorDelServidor, json, simularServidor } from '../../../../test/servidor';
import UsuariosPermisosPage from './usuarios-permisos-page';

const CARLA = makeUsuarioAdmin({
  id: 3,
  usuario: 'supervisor',
  nombre: 'Carla',
  apellido: 'Ruiz',
  roles: [{ id: 3, nombre: 'SUPERVISOR', descripcion: 'Delega y sigue el trabajo de su equipo' }],
  permisos: ['crearOrden'],
});

const estadoInicial = (): PermisosDeUsuario => ({
  usuarioId: 3,
  esAdmin: false,
  globales: ['crearOrden'],
  clientes: [{ clienteID: 1, delegarOrden: true, modificarOrden: true, borrarOrden: false }],
});

/** A promise the test resolves when it wants the server to answer. */
function diferida<T>() {
  let resolver: (v: T) => void = () => undefined;
  const promesa = new Promise<T>((r) => {
    resolver = r;
  });
  return { promesa, resolver };
}

/** What the fake server holds; a toggle handler may change it. */
let guardado: PermisosDeUsuario = estadoInicial();

function montar(toggle: (cuerpo: unknown) => Response | Promise<Response>, extra = {}) {
  guardado = estadoInicial();
  const servidor = simularServidor({
    'GET /api/v4/usuario/3': () => json(200, CARLA),
    'GET /api/v4/permisos/3': () => json(200, guardado),
    'GET /api/v4/clientes': () =>
      json(200, [makeCliente(1, 'Municipalidad de Rosario'), makeCliente(2, 'Hotel Los Andes')]),
    'GET /api/v4/permisos': () => json(200, CATALOGO_PERMISOS),
    'GET /api/v2/usuarios': () => json(200, [CARLA]),
    'POST /api/v4/permisos/toggle/3': (l) => toggle(l.cuerpo),
    ...extra,
  });
  renderPantalla(<UsuariosPermisosPage />, {
    usuario: { ...makeAdmin(), id: 900 },
    ruta: '/usuarios-permisos?usuario=3',
  });
  return servidor;
}

const celda = (cliente: number, permiso: string) => screen.findByTestId(`permiso-${cliente}-${permiso}`);

/** The headers of the global alerts on screen ('Atención' is an error reported to the person). */
const alertas = () => [...document.querySelectorAll('ion-alert')].map((a) => a.header);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usuarios-permisos', () => {
  it('shows the matrix: clients by per-client permission, as the server holds them', async () => {
    montar(() => json(200, estadoInicial()));
    expect(await screen.findByText('Municipalidad de Rosario')).toBeInTheDocument();
    expect(await celda(1, 'delegarOrden')).toHaveProperty('checked', true);
    expect(await celda(1, 'borrarOrden')).toHaveProperty('checked', false);
    expect(await celda(2, 'delegarOrden')).toHaveProperty('checked', false);
    expect(await screen.findByTestId('permiso-global-crearOrden')).toHaveProperty('checked', true);
  });

  it('a toggle shows at once and saves through POST /api/v4/permisos/toggle/{usuario}', async () => {
    const respuesta = diferida<Response>();
    const servidor = montar(() => respuesta.promesa);
    const toggle = await celda(2, 'delegarOrden');

    alternar(toggle, true);

    // Optimistic: checked before the server has answered.
    await waitFor(() => expect(servidor.de('POST', '/api/v4/permisos/toggle/3')).toHaveLength(1));
    expect(servidor.de('POST', '/api/v4/permisos/toggle/3')[0]?.cuerpo).toEqual({
      cliente: 2,
      permiso: 'delegarOrden',
      accion: true,
    });
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));

    guardado = {
      ...guardado,
      clientes: [...guardado.clientes, { clienteID: 2, delegarOrden: true, modificarOrden: false, borrarOrden: false }],
    };
    respuesta.resolver(json(200, guardado));
    await waitFor(() => expect(servidor.de('GET', '/api/v4/permisos/3').length).toBeGreaterThan(1));
    expect(await celda(2, 'delegarOrden')).toHaveProperty('checked', true);
  });

  it("rolls the toggle back and shows the server's refusal when the save fails", async () => {
    const respuesta = diferida<Response>();
    montar(() => respuesta.promesa);
    const toggle = await celda(1, 'borrarOrden');

    alternar(toggle, true);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));

    respuesta.resolver(
      errorDelServidor(403, 'Solo puede otorgar o quitar permisos que usted tiene.', { code: 'SIN_PERMISO' }),
    );

    await waitFor(() => expect(toggle).toHaveProperty('checked', false));
    const alerta = await alertaAtencion();
    expect(alerta.message).toBe('Solo puede otorgar o quitar permisos que usted tiene.');
  });

  it('a global permission toggles through the same call with cliente null', async () => {
    const servidor = montar(() => json(200, { ...estadoInicial(), globales: ['crearOrden', 'verEstadisticas'] }));
    alternar(await screen.findByTestId('permiso-global-verEstadisticas'), true);
    await waitFor(() =>
      expect(servidor.de('POST', '/api/v4/permisos/toggle/3')[0]?.cuerpo).toEqual({
        cliente: null,
        permiso: 'verEstadisticas',
        accion: true,
      }),
    );
  });

  it('"Quitar todos" asks first, then removes every permission on that client', async () => {
    const sinNada: PermisosDeUsuario = { ...estadoInicial(), clientes: [] };
    const servidor = montar(() => json(200, estadoInicial()), {
      'DELETE /api/v4/permisos/3/1': () => {
        guardado = sinNada;
        return json(200, sinNada);
      },
    });
    const quitar = await screen.findByTestId('permisos-quitar-1');
    await waitFor(() => expect(quitar).toHaveProperty('disabled', false));
    expect(await screen.findByTestId('permisos-quitar-2')).toHaveProperty('disabled', true);

    quitar.click();
    await responderConfirmacion('Cancelar');
    expect(servidor.de('DELETE', '/api/v4/permisos/3/1')).toHaveLength(0);

    quitar.click();
    await responderConfirmacion('Quitar todos');
    await waitFor(() => expect(servidor.de('DELETE', '/api/v4/permisos/3/1')).toHaveLength(1));
    await waitFor(async () => expect(await celda(1, 'delegarOrden')).toHaveProperty('checked', false));
  });

  it('an administrator holds every per-client permission: the matrix says so and cannot change', async () => {
    montar(() => json(200, estadoInicial()), {
      'GET /api/v4/permisos/3': () => json(200, { ...guardado, esAdmin: true }),
    });
    expect(await screen.findByText(/es administrador: tiene todos los permisos/)).toBeInTheDocument();
    const toggle = await celda(2, 'borrarOrden');
    expect(toggle).toHaveProperty('checked', true);
    expect(toggle).toHaveProperty('disabled', true);
  });

  it('a user that does not exist (or is another company’s) is a not-found state, with no alert over it', async () => {
    const servidor = montar(() => json(200, estadoInicial()), {
      'GET /api/v4/usuario/3': () => errorDelServidor(404, 'No se encontró el usuario.'),
      'GET /api/v4/permisos/3': () => errorDelServidor(404, 'No se encontró el usuario.'),
    });
    expect(await screen.findByText('Usuario no encontrado')).toBeInTheDocument();
    expect(screen.getByText('Ver usuarios')).toBeInTheDocument();
    expect(screen.queryByText('Reintentar')).toBeNull();
    expect(screen.queryByTestId('permisos-usuario')).toBeNull();
    await waitFor(() => expect(servidor.de('GET', '/api/v4/permisos/3')).toHaveLength(1));
    await waitFor(() => expect(servidor.de('GET', '/api/v4/clientes')).toHaveLength(1));
    expect(alertas()).toEqual([]);
  });

  it('a failure that is not a 404 keeps «Reintentar», which asks again', async () => {
    let fallar = true;
    const servidor = montar(() => json(200, estadoInicial()), {
      'GET /api/v4/usuario/3': () => (fallar ? errorDelServidor(500, 'Error interno.') : json(200, CARLA)),
    });
    const reintentar = await screen.findByText('Reintentar', {}, { timeout: 5000 });
    expect(screen.getByText('No se pudieron cargar los datos')).toBeInTheDocument();
    expect(screen.queryByText('Usuario no encontrado')).toBeNull();

    fallar = false;
    reintentar.click();
    expect(await celda(1, 'delegarOrden')).toHaveProperty('checked', true);
    expect(servidor.de('GET', '/api/v4/usuario/3').length).toBeGreaterThan(1);
  });

  it('without a session (the route is public) it asks to log in and calls nothing', () => {
    const servidor = simularServidor({});
    renderConApp(<UsuariosPermisosPage />, { usuario: null, ruta: '/usuarios-permisos?usuario=3' });
    expect(screen.getByTestId('admin-requiere-sesion')).toHaveTextContent('Inicie sesión');
    expect(servidor).toHaveLength(0);
  });
});
