import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeOperario,
  makePlan,
  makePropietario,
  makeSupervisor,
  makeUsuario,
  TODOS_LOS_PERMISOS,
} from '../../test/factories';
import { renderConApp } from '../../test/render';
import { guardarSesion, leerSesion } from '../../lib/session';
import { useCambiosSinGuardar } from '../../lib/cambios-sin-guardar';
import { responderConfirmacion } from '../../test/ionic';
import { entradasVisibles, iniciales } from './menu-entries';
import { esPaginaExterna, SideMenuContent } from './side-menu';

const TODAS = [
  'Inicio',
  'Calendario',
  'Solicitudes',
  'Usuarios',
  'Clientes',
  'Equipos',
  'Areas',
  'Tipos de Orden',
  'Mantenimiento',
  'Estadísticas',
  'Horario y feriados',
  'Niveles de servicio',
  'WhatsApp',
  'Mi cuenta',
];

/** The menu's titles in order; Ionic fills its labels in after the first render. */
async function titulosDelMenu(): Promise<string[]> {
  const nav = screen.getByRole('navigation', { name: 'Menú principal' });
  const leer = () => [...nav.querySelectorAll('ion-label')].map((e) => e.textContent ?? '');
  await waitFor(() => expect(leer().every(Boolean)).toBe(true));
  return leer();
}

describe('entradasVisibles (SPEC §2 Side menu)', () => {
  /** The titles of the entries a user made of these roles and permissions sees. */
  const con = (p: Parameters<typeof makeUsuario>[0]) => entradasVisibles(makeUsuario(p)).map((e) => e.titulo);

  it('shows everything to holders of every permission', () => {
    expect(entradasVisibles(makePropietario()).map((e) => e.titulo)).toEqual(TODAS);
  });

  it('shows only the entries without permission to a user with none', () => {
    expect(entradasVisibles(makeUsuario({ globales: [] })).map((e) => e.titulo)).toEqual([
      'Inicio',
      'Calendario',
      'Equipos',
      'Mi cuenta',
    ]);
  });

  it('ties each entry to its permission', () => {
    expect(con({ globales: ['altaUsuarios'] })).toEqual(['Inicio', 'Calendario', 'Usuarios', 'Equipos', 'Mi cuenta']);
    expect(con({ globales: ['altaClientes'] })).toEqual(['Inicio', 'Calendario', 'Clientes', 'Equipos', 'Mi cuenta']);
    expect(con({ globales: ['altaEtiquetas'] })).toEqual([
      'Inicio',
      'Calendario',
      'Equipos',
      'Areas',
      'Tipos de Orden',
      'Mi cuenta',
    ]);
    expect(con({ globales: ['verEstadisticas'] })).toEqual([
      'Inicio',
      'Calendario',
      'Equipos',
      'Estadísticas',
      'Mi cuenta',
    ]);
    // A role alone grants nothing: permissions decide the entries, except the admins' own.
    expect(con({ globales: ['crearOrden'] })).toEqual([
      'Inicio',
      'Calendario',
      'Solicitudes',
      'Equipos',
      'Mantenimiento',
      'Mi cuenta',
    ]);
    expect(con({ roles: ['ADMIN'], globales: [] })).toEqual([
      'Inicio',
      'Calendario',
      'Equipos',
      'Horario y feriados',
      'Niveles de servicio',
      'WhatsApp',
      'Mi cuenta',
    ]);
  });

  it('shows «Horario y feriados» to ADMIN and PROPIETARIO only, whatever the permissions (issue 34)', () => {
    expect(con({ roles: ['PROPIETARIO'], globales: [] })).toContain('Horario y feriados');
    expect(con({ roles: ['ADMIN'], globales: [] })).toContain('Horario y feriados');
    expect(con({ roles: ['SUPERVISOR'], globales: TODOS_LOS_PERMISOS })).not.toContain('Horario y feriados');
    expect(con({ roles: ['OPERARIO'], globales: TODOS_LOS_PERMISOS })).not.toContain('Horario y feriados');
  });

  it('shows «Niveles de servicio» to ADMIN and PROPIETARIO only, beside «Horario y feriados» (issue 34)', () => {
    expect(con({ roles: ['PROPIETARIO'], globales: [] })).toContain('Niveles de servicio');
    expect(con({ roles: ['ADMIN'], globales: [] })).toContain('Niveles de servicio');
    expect(con({ roles: ['SUPERVISOR'], globales: TODOS_LOS_PERMISOS })).not.toContain('Niveles de servicio');
    expect(con({ roles: ['OPERARIO'], globales: TODOS_LOS_PERMISOS })).not.toContain('Niveles de servicio');
  });

  it('shows «WhatsApp» to ADMIN and PROPIETARIO only, after «Niveles de servicio» (issue 35)', () => {
    const propietario = con({ roles: ['PROPIETARIO'], globales: [] });
    expect(propietario.slice(propietario.indexOf('Niveles de servicio'))).toEqual([
      'Niveles de servicio',
      'WhatsApp',
      'Mi cuenta',
    ]);
    expect(con({ roles: ['ADMIN'], globales: [] })).toContain('WhatsApp');
    expect(con({ roles: ['SUPERVISOR'], globales: TODOS_LOS_PERMISOS })).not.toContain('WhatsApp');
    expect(con({ roles: ['OPERARIO'], globales: TODOS_LOS_PERMISOS })).not.toContain('WhatsApp');
  });

  it('shows «Solicitudes» to who may create orders, after «Calendario» (issue 33)', () => {
    expect(con({ globales: ['crearOrden'] }).slice(0, 3)).toEqual(['Inicio', 'Calendario', 'Solicitudes']);
    expect(con({ roles: ['OPERARIO'], globales: ['modificarOrden', 'finalizarOrden'] })).not.toContain('Solicitudes');
    expect(con({ roles: ['ADMIN'], globales: [] })).not.toContain('Solicitudes');
  });
});

describe('esPaginaExterna (issue 33)', () => {
  it('is true for the request form and its tracking page only', () => {
    expect(esPaginaExterna('/solicitud/abc')).toBe(true);
    expect(esPaginaExterna('/solicitud/seguimiento/xyz')).toBe(true);
    expect(esPaginaExterna('/solicitudes')).toBe(false);
    expect(esPaginaExterna('/solicitudes/4')).toBe(false);
    expect(esPaginaExterna('/q/Ab3')).toBe(false);
    expect(esPaginaExterna('/home')).toBe(false);
  });
});

describe('iniciales', () => {
  it('takes the first letters of the first two words of the company', () => {
    expect(iniciales('Demo Servicios S.A.')).toBe('DS');
    expect(iniciales('Otra Empresa S.R.L.')).toBe('OE');
    expect(iniciales('acme')).toBe('A');
    expect(iniciales('  ')).toBe('?');
  });
});

describe('SideMenuContent', () => {
  it('shows the header: company, user, login name and the connection state', () => {
    const usuario = makePropietario();
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} />, { usuario, ruta: '/home' });
    expect(screen.getByTestId('menu-empresa')).toHaveTextContent('Demo Servicios S.A.');
    expect(screen.getByTestId('menu-usuario')).toHaveTextContent('Ana Pérez');
    expect(screen.getByText(`@${usuario.usuario}`)).toBeInTheDocument();
    expect(screen.getByTestId('connection-indicator')).toHaveTextContent('Sin conexión');
  });

  it('shows the initials when the company has no logo, and the logo when it has one', () => {
    const sinLogo = makePropietario();
    const { unmount } = renderConApp(<SideMenuContent usuario={sinLogo} plan={null} />, { usuario: sinLogo });
    expect(screen.getByTestId('menu-logo')).toHaveTextContent('DS');
    expect(screen.queryByRole('img')).toBeNull();
    unmount();

    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const conLogo = makeUsuario({ logo, globales: ['crearOrden'] });
    renderConApp(<SideMenuContent usuario={conLogo} plan={null} />, { usuario: conLogo });
    expect(screen.getByRole('img', { name: 'Logo de Demo Servicios S.A.' })).toHaveAttribute('src', logo);
  });

  it('propietario: every entry, the plan panel and "Actualizar plan"', async () => {
    const usuario = makePropietario();
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} />, { usuario, ruta: '/home' });
    expect(await titulosDelMenu()).toEqual([...TODAS, 'Cerrar sesión']);
    const panel = screen.getByTestId('plan-panel');
    expect(panel).toHaveTextContent('Plan Pyme');
    expect(panel).toHaveTextContent('100 de 100 órdenes disponibles');
    expect(await within(panel).findByText('Actualizar plan')).toBeInTheDocument();
  });

  it('admin: every entry, the plan panel and "Actualizar plan"', async () => {
    const usuario = makeAdmin();
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} />, { usuario });
    expect(await titulosDelMenu()).toEqual([...TODAS, 'Cerrar sesión']);
    expect(await within(screen.getByTestId('plan-panel')).findByText('Actualizar plan')).toBeInTheDocument();
  });

  it('supervisor: Inicio, Calendario, Solicitudes, Equipos, Mantenimiento, Estadísticas, Mi cuenta; the plan panel without "Actualizar plan"', async () => {
    const usuario = makeSupervisor();
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan({ quotaDisponible: 10 })} />, { usuario });
    expect(await titulosDelMenu()).toEqual([
      'Inicio',
      'Calendario',
      'Solicitudes',
      'Equipos',
      'Mantenimiento',
      'Estadísticas',
      'Mi cuenta',
      'Cerrar sesión',
    ]);
    const panel = screen.getByTestId('plan-panel');
    expect(panel).toHaveTextContent('10 de 100 órdenes disponibles');
    expect(panel.querySelector('ion-progress-bar')).toHaveAttribute('data-color', 'danger');
    expect(panel.querySelector('.plan-panel__actualizar')).toBeNull();
  });

  it('operario: Inicio, Equipos and Mi cuenta, no plan panel', async () => {
    const usuario = makeOperario();
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} />, { usuario });
    expect(await titulosDelMenu()).toEqual(['Inicio', 'Calendario', 'Equipos', 'Mi cuenta', 'Cerrar sesión']);
    expect(screen.queryByTestId('plan-panel')).toBeNull();
  });

  it("unlimited plan reads 'Ordenes ilimitadas'", () => {
    const usuario = makePropietario();
    const plan = makePlan({ nombre: 'Corporativo', quota: null, quotaDisponible: null });
    renderConApp(<SideMenuContent usuario={usuario} plan={plan} />, { usuario });
    expect(screen.getByTestId('plan-panel')).toHaveTextContent('Plan Corporativo');
    expect(screen.getByTestId('plan-panel')).toHaveTextContent('Ordenes ilimitadas');
  });

  it('the plan panel says what the maintenance schedules will still create in the period', () => {
    const usuario = makeAdmin();
    const proyeccion = { programadas: 12, disponibles: 40, esperandoCupo: 1, periodoHasta: null };
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} proyeccion={proyeccion} />, { usuario });
    expect(screen.getByTestId('plan-programadas')).toHaveTextContent(
      '12 programadas de 40 disponibles · 1 esperando cupo',
    );
  });

  it('says «1 programada» in the singular, and nothing when no schedule falls in the period', () => {
    const usuario = makeAdmin();
    const una = { programadas: 1, disponibles: 100, esperandoCupo: 0, periodoHasta: null };
    const { unmount } = renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} proyeccion={una} />, {
      usuario,
    });
    expect(screen.getByTestId('plan-programadas')).toHaveTextContent(/^1 programada de 100 disponibles$/);
    unmount();
    const ninguna = { ...una, programadas: 0 };
    renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} proyeccion={ninguna} />, { usuario });
    expect(screen.queryByTestId('plan-programadas')).toBeNull();
  });

  it('«Solicitudes» shows how many are pending, 99+ past that, nothing at zero (issue 33)', async () => {
    const usuario = makeSupervisor();
    const mostrar = (n: number | undefined) =>
      renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} pendientes={{ solicitudes: n }} />, {
        usuario,
      });
    const { unmount } = mostrar(3);
    await titulosDelMenu();
    expect(within(screen.getByTestId('menu-solicitudes')).getByTestId('menu-solicitudes-pendientes')).toHaveTextContent(
      '3 pendientes',
    );
    unmount();
    const otra = mostrar(1);
    expect(screen.getByTestId('menu-solicitudes-pendientes')).toHaveTextContent(/^1 pendiente$/);
    otra.unmount();
    const muchas = mostrar(120);
    expect(screen.getByTestId('menu-solicitudes-pendientes')).toHaveTextContent('99+ pendientes');
    muchas.unmount();
    for (const n of [0, undefined]) {
      const r = mostrar(n);
      await titulosDelMenu();
      expect(screen.queryByTestId('menu-solicitudes-pendientes')).toBeNull();
      r.unmount();
    }
  });

  it('marks the entry of the current page', () => {
    const usuario = makePropietario();
    renderConApp(<SideMenuContent usuario={usuario} plan={null} />, { usuario, ruta: '/estadisticas' });
    expect(screen.getByTestId('menu-estadisticas')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('menu-home')).not.toHaveAttribute('aria-current');
  });

  it('"Cerrar sesión" removes the stored user and every cached answer', async () => {
    const usuario = makePropietario();
    guardarSesion({ usuario, md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    const { queryClient } = renderConApp(<SideMenuContent usuario={usuario} plan={makePlan()} />, {
      usuario,
      ruta: '/home',
    });
    queryClient.setQueryData(['plan', 'estado', usuario.id], makePlan());
    queryClient.setQueryData(['otra', 'cosa'], 1);

    await titulosDelMenu();
    fireEvent.click(screen.getByTestId('menu-cerrar-sesion'));

    expect(leerSesion()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('SideMenuContent with a form with unsaved changes on screen', () => {
  /** A form with unsaved changes, and where the app is. */
  function FormularioSucio() {
    useCambiosSinGuardar(true);
    const { pathname } = useLocation();
    return <output data-testid="direccion">{pathname}</output>;
  }

  function mostrar() {
    const usuario = makePropietario();
    guardarSesion({ usuario, md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    renderConApp(
      <>
        <SideMenuContent usuario={usuario} plan={null} />
        <FormularioSucio />
      </>,
      { usuario, ruta: '/nueva-orden' },
    );
  }

  it('an entry asks first: «Seguir editando» stays, «Descartar» goes to the entry', async () => {
    mostrar();
    await titulosDelMenu();
    fireEvent.click(screen.getByTestId('menu-clientes'));
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('direccion')).toHaveTextContent('/nueva-orden');

    fireEvent.click(screen.getByTestId('menu-clientes'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/clientes'));
  });

  it('«Cerrar sesión» asks first too, and keeps the session until «Descartar»', async () => {
    mostrar();
    await titulosDelMenu();
    fireEvent.click(screen.getByTestId('menu-cerrar-sesion'));
    await responderConfirmacion('Seguir editando');
    expect(leerSesion()).not.toBeNull();

    fireEvent.click(screen.getByTestId('menu-cerrar-sesion'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(leerSesion()).toBeNull());
  });
});
