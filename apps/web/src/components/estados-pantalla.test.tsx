import { fireEvent, screen, within } from '@testing-library/react';
import { searchOutline } from 'ionicons/icons';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/errors';
import { renderConApp } from '../test/render';
import {
  EstadoElegirUsuario,
  EstadoError,
  EstadoPantalla,
  EstadoRequiereSesion,
  EstadoSinOrden,
  EstadoSinPermiso,
  FilasCargando,
} from './estados-pantalla';

/** The ion-button whose text is `texto`, inside `contenedor`. */
function boton(contenedor: HTMLElement, texto: string): HTMLElement {
  const el = within(contenedor).getByText(texto).closest('ion-button');
  if (!el) throw new Error(`sin botón ${texto}`);
  return el;
}

describe('EstadoPantalla', () => {
  it('shows the title, the explanation and the actions under its test id', () => {
    renderConApp(
      <EstadoPantalla
        icono={searchOutline}
        titulo="Sin resultados"
        testId="lista-vacia"
        accion={<button>Limpiar</button>}
      >
        Ningún cliente coincide.
      </EstadoPantalla>,
    );
    const estado = screen.getByTestId('lista-vacia');
    expect(within(estado).getByRole('heading', { name: 'Sin resultados' })).toBeInTheDocument();
    expect(within(estado).getByText('Ningún cliente coincide.')).toBeInTheDocument();
    expect(within(estado).getByRole('button', { name: 'Limpiar' }).parentElement).toHaveClass(
      'delego-estado-pantalla__acciones',
    );
  });

  it('leaves out the explanation and the actions it was not given', () => {
    renderConApp(<EstadoPantalla icono={searchOutline} titulo="Sin cambios registrados" testId="vacio" />);
    const estado = screen.getByTestId('vacio');
    expect(estado.querySelector('p')).toBeNull();
    expect(estado.querySelector('.delego-estado-pantalla__acciones')).toBeNull();
  });
});

describe('EstadoError', () => {
  it('offers a retry for a failed call, with its message', () => {
    const reintentar = vi.fn();
    renderConApp(
      <EstadoError ambito="ordenes" error={new ApiError(500, 'X', 'El servidor falló')} onReintentar={reintentar} />,
    );
    const estado = screen.getByTestId('ordenes-error');
    expect(estado).toHaveTextContent('No se pudieron cargar los datos');
    expect(estado).toHaveTextContent('El servidor falló');
    fireEvent.click(boton(estado, 'Reintentar'));
    expect(reintentar).toHaveBeenCalledTimes(1);
  });

  it("shows 'Ocurrió un error inesperado' for an error without a message for people", () => {
    renderConApp(<EstadoError ambito="papeleo" error={new TypeError('x is undefined')} onReintentar={() => {}} />);
    expect(screen.getByTestId('papeleo-error')).toHaveTextContent('Ocurrió un error inesperado');
  });

  it.each([
    [404, 'Orden no encontrada'],
    [403, 'Sin acceso'],
  ])('on an order screen a %i leads to Inicio instead of a retry', (status, titulo) => {
    renderConApp(
      <EstadoError
        ambito="ordenes"
        error={new ApiError(status, 'X', 'La orden no existe o no tiene acceso a ella.')}
        onReintentar={() => {}}
      />,
    );
    const estado = screen.getByTestId('ordenes-no-encontrada');
    expect(within(estado).getByRole('heading', { name: titulo })).toBeInTheDocument();
    expect(estado).toHaveTextContent('La orden no existe o no tiene acceso a ella.');
    expect(boton(estado, 'Ir a Inicio')).toHaveAttribute('router-link', '/home');
    expect(within(estado).queryByText('Reintentar')).toBeNull();
  });

  it('on an administration screen a 404 still offers a retry', () => {
    renderConApp(
      <EstadoError ambito="admin" error={new ApiError(404, 'X', 'El usuario no existe')} onReintentar={() => {}} />,
    );
    const estado = screen.getByTestId('admin-error');
    expect(estado).toHaveTextContent('El usuario no existe');
    expect(boton(estado, 'Reintentar')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-no-encontrada')).toBeNull();
  });
});

describe('EstadoSinOrden and EstadoElegirUsuario', () => {
  it('sends a screen opened without its order to Inicio', () => {
    renderConApp(<EstadoSinOrden ambito="papeleo" />);
    const estado = screen.getByTestId('papeleo-sin-id');
    expect(estado).toHaveTextContent('Falta indicar la orden');
    expect(estado).toHaveTextContent('Abra esta pantalla desde el detalle de una orden.');
    expect(boton(estado, 'Ir a Inicio')).toHaveAttribute('router-link', '/home');
  });

  it('sends a screen opened without its user to Usuarios', () => {
    renderConApp(<EstadoElegirUsuario />);
    expect(screen.getByRole('heading', { name: 'Elija un usuario' })).toBeInTheDocument();
    expect(screen.getByText('Abra esta pantalla desde la ficha de un usuario.')).toBeInTheDocument();
    expect(boton(document.body, 'Ir a Usuarios')).toHaveAttribute('router-link', '/usuarios');
  });
});

describe('EstadoSinPermiso', () => {
  it("goes back to 'volverA' when given one", () => {
    renderConApp(
      <EstadoSinPermiso ambito="ordenes" volverA="/orden/42">
        Esta orden es de solo lectura para usted.
      </EstadoSinPermiso>,
    );
    const estado = screen.getByTestId('ordenes-sin-permiso');
    expect(estado).toHaveTextContent('Sin permiso');
    expect(estado).toHaveTextContent('Esta orden es de solo lectura para usted.');
    expect(boton(estado, 'Volver')).toHaveAttribute('router-link', '/orden/42');
  });

  it('leads to Inicio without one', () => {
    renderConApp(<EstadoSinPermiso ambito="admin">No tiene permiso para administrar usuarios.</EstadoSinPermiso>);
    const estado = screen.getByTestId('admin-sin-permiso');
    expect(boton(estado, 'Ir a Inicio')).toHaveAttribute('router-link', '/home');
    expect(within(estado).queryByText('Volver')).toBeNull();
  });
});

describe('EstadoRequiereSesion', () => {
  it('logs in and comes back to the screen, query included', () => {
    renderConApp(
      <EstadoRequiereSesion ambito="admin">
        Para ver y cambiar permisos de usuarios ingrese con su usuario.
      </EstadoRequiereSesion>,
      { ruta: '/usuarios-permisos?id=7' },
    );
    const estado = screen.getByTestId('admin-requiere-sesion');
    expect(estado).toHaveTextContent('Inicie sesión');
    expect(estado).toHaveTextContent('Para ver y cambiar permisos de usuarios ingrese con su usuario.');
    expect(boton(estado, 'Ingresar')).toHaveAttribute(
      'router-link',
      `/login?volver=${encodeURIComponent('/usuarios-permisos?id=7')}`,
    );
  });
});

describe('FilasCargando', () => {
  it('announces the loading once and draws the rows asked for', () => {
    renderConApp(<FilasCargando ambito="admin" filas={3} />);
    const lista = screen.getByTestId('admin-cargando');
    expect(lista).toHaveAttribute('aria-busy', 'true');
    expect(within(lista).getByRole('status')).toHaveTextContent('Cargando…');
    expect(lista.querySelectorAll('ion-item')).toHaveLength(3);
  });

  it('takes another test id when the screen needs one', () => {
    renderConApp(<FilasCargando ambito="ordenes" testId="orden-cargando" />);
    expect(screen.getByTestId('orden-cargando').querySelectorAll('ion-item')).toHaveLength(6);
    expect(screen.queryByTestId('ordenes-cargando')).toBeNull();
  });
});
