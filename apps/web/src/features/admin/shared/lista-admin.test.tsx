import type { PermisoGlobal } from '@delego/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cubeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { makeUsuario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import {
  BotonImportar,
  ListaAdmin,
  PantallaAdmin,
  type ConsultaAdmin,
  type DescripcionListaAdmin,
  type FiltroActivos,
} from './lista-admin';
import { coincide } from './nombres';
import { escribir } from '../../../test/ionic';

interface Equipo {
  id: number;
  nombre: string;
  activo: boolean;
}

const EQUIPOS: Equipo[] = [
  { id: 1, nombre: 'Bomba de agua', activo: true },
  { id: 2, nombre: 'Caldera vieja', activo: false },
  { id: 3, nombre: 'Bomba de calor', activo: true },
];

const LISTA: DescripcionListaAdmin = {
  prefijo: 'equipos',
  recurso: {
    titulo: 'Equipos',
    singular: 'equipo',
    plural: 'equipos',
    nuevo: 'Nuevo equipo',
    rutaLista: '/equipos',
    rutaForm: '/equipo',
    permiso: 'altaClientes',
  },
  icono: cubeOutline,
  placeholder: 'Buscar por nombre',
  debounce: 0,
};

const cargada: ConsultaAdmin = { isError: false, error: null, refetch: () => Promise.resolve() };

interface PruebaProps {
  items: readonly Equipo[] | undefined;
  consulta?: ConsultaAdmin;
  buscando?: boolean;
  sinResultados?: (filtro: FiltroActivos) => string;
}

/** A screen as the pages use the list: it keeps the search and filters by name. */
function ListaDePrueba({ items, consulta = cargada, buscando, sinResultados }: PruebaProps) {
  const [busqueda, setBusqueda] = useState('');
  return (
    <ListaAdmin
      lista={LISTA}
      busqueda={busqueda}
      onBusqueda={setBusqueda}
      items={items?.filter((e) => coincide(busqueda, [e.nombre]))}
      consulta={consulta}
      onRefrescar={() => consulta.refetch()}
      buscando={buscando}
      sinResultados={sinResultados}
      renderItem={(e) => <p data-testid={`equipo-${e.id}`}>{e.nombre}</p>}
    />
  );
}

function mostrar(props: PruebaProps) {
  return renderConApp(<ListaDePrueba {...props} />, { ruta: '/equipos' });
}

function filtrar(filtro: FiltroActivos) {
  fireEvent(screen.getByLabelText('Mostrar'), new CustomEvent('ionChange', { detail: { value: filtro } }));
}

const nombresVisibles = () =>
  within(screen.getByTestId('equipos-lista'))
    .getAllByRole('paragraph')
    .map((p) => p.textContent);

describe('ListaAdmin', () => {
  it('shows every entry with the count, and the filter counts the active and inactive ones', async () => {
    mostrar({ items: EQUIPOS });
    expect(nombresVisibles()).toEqual(['Bomba de agua', 'Caldera vieja', 'Bomba de calor']);
    expect(screen.getByRole('status')).toHaveTextContent('3 equipos');
    // Ionic fills the segment's labels once its components are ready.
    expect(await screen.findByText('Activos (2)')).toBeInTheDocument();
    expect(screen.getByText('Inactivos (1)')).toBeInTheDocument();
    expect(screen.getByTestId('equipos-buscar')).toHaveAttribute('aria-label', 'Buscar equipos');
    expect(screen.getByTestId('equipos-buscar')).toHaveProperty('placeholder', 'Buscar por nombre');
  });

  it('filters by active or inactive, counting what is left', () => {
    mostrar({ items: EQUIPOS });
    filtrar('inactivos');
    expect(nombresVisibles()).toEqual(['Caldera vieja']);
    expect(screen.getByRole('status')).toHaveTextContent('1 equipo');
    filtrar('activos');
    expect(nombresVisibles()).toEqual(['Bomba de agua', 'Bomba de calor']);
    filtrar('todos');
    expect(nombresVisibles()).toHaveLength(3);
  });

  it('searches through the screen and counts only the matches in the filter', async () => {
    mostrar({ items: EQUIPOS });
    escribir(screen.getByTestId('equipos-buscar'), 'bomba');
    await waitFor(() => expect(nombresVisibles()).toEqual(['Bomba de agua', 'Bomba de calor']));
    expect(await screen.findByText('Activos (2)')).toBeInTheDocument();
    expect(screen.getByText('Inactivos (0)')).toBeInTheDocument();
  });

  it('a search without matches says what was searched', async () => {
    mostrar({ items: EQUIPOS });
    escribir(screen.getByTestId('equipos-buscar'), '  turbina ');
    const vacio = await screen.findByTestId('equipos-vacio');
    expect(vacio).toHaveTextContent('Sin resultados');
    expect(vacio).toHaveTextContent('Ningún equipo coincide con «turbina».');
    expect(screen.queryByTestId('equipos-lista')).toBeNull();
  });

  it('a screen may word the search without matches itself, knowing the filter', async () => {
    mostrar({ items: EQUIPOS, sinResultados: (filtro) => `Nada ${filtro}.` });
    filtrar('activos');
    escribir(screen.getByTestId('equipos-buscar'), 'caldera');
    expect(await screen.findByTestId('equipos-vacio')).toHaveTextContent('Nada activos.');
  });

  it('an empty list invites to create the first; an empty filter says why', () => {
    const { unmount } = mostrar({ items: [] });
    const vacio = screen.getByTestId('equipos-vacio');
    expect(vacio).toHaveTextContent('No hay equipos para mostrar');
    expect(vacio).toHaveTextContent('Cree el primero con «Nuevo equipo».');
    unmount();

    mostrar({ items: EQUIPOS.filter((e) => e.activo) });
    filtrar('inactivos');
    expect(screen.getByTestId('equipos-vacio')).toHaveTextContent('Todos los equipos están activos.');
  });

  it('while the server still searches, the count says so', () => {
    mostrar({ items: EQUIPOS, buscando: true });
    expect(screen.getByRole('status')).toHaveTextContent('3 equipos · buscando…');
  });

  it('shows placeholder rows until the data arrives', () => {
    mostrar({ items: undefined });
    expect(screen.getByTestId('admin-cargando')).toBeInTheDocument();
    expect(screen.queryByTestId('equipos-lista')).toBeNull();
    expect(screen.queryByTestId('equipos-vacio')).toBeNull();
  });

  it('a list that cannot load says why and retries with the query', () => {
    const refetch = vi.fn(() => Promise.resolve());
    mostrar({
      items: undefined,
      consulta: { isError: true, error: new ApiError(500, 'INTERNO', 'El servidor no responde.'), refetch },
    });
    const error = screen.getByTestId('admin-error');
    expect(error).toHaveTextContent('El servidor no responde.');
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('pulling down reloads the list and then stops the spinner', async () => {
    const orden: string[] = [];
    const refetch = vi.fn(async () => {
      orden.push('recarga');
    });
    const complete = vi.fn(() => {
      orden.push('listo');
      return Promise.resolve();
    });
    const { container } = mostrar({ items: EQUIPOS, consulta: { ...cargada, refetch } });
    fireEvent(container.querySelector('ion-refresher')!, new CustomEvent('ionRefresh', { detail: { complete } }));
    await waitFor(() => expect(orden).toEqual(['recarga', 'listo']));
  });

  it('offers to create a new one', () => {
    mostrar({ items: EQUIPOS });
    const nuevo = screen.getByTestId('equipos-nuevo');
    expect(nuevo).toHaveAttribute('aria-label', 'Nuevo equipo');
    expect(nuevo).toHaveAttribute('title', 'Nuevo equipo');
    expect(nuevo).toHaveProperty('routerLink', '/equipo');
  });
});

describe('PantallaAdmin', () => {
  function mostrarPantalla(globales: PermisoGlobal[]) {
    renderConApp(
      <PantallaAdmin titulo="Equipos" permiso="altaClientes" para="administrar equipos">
        <p>contenido</p>
      </PantallaAdmin>,
      { usuario: makeUsuario({ globales }), ruta: '/equipos' },
    );
  }

  it('shows the screen to whoever holds the permission', () => {
    mostrarPantalla(['altaClientes']);
    expect(screen.getByText('Equipos')).toBeInTheDocument();
    expect(screen.getByText('contenido')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-sin-permiso')).toBeNull();
  });

  it('without the permission, says why instead', () => {
    mostrarPantalla(['altaUsuarios']);
    expect(screen.getByText('Equipos')).toBeInTheDocument();
    expect(screen.queryByText('contenido')).toBeNull();
    expect(screen.getByTestId('admin-sin-permiso')).toHaveTextContent(
      'No tiene permiso para administrar equipos. Pídaselo a un administrador de su empresa.',
    );
  });
});

describe('BotonImportar', () => {
  it('links to the import screen of the list, named after what it imports', () => {
    renderConApp(<BotonImportar recurso={LISTA.recurso} />, { usuario: makeUsuario(), ruta: '/clientes' });
    const boton = screen.getByTestId('equipos-importar');
    expect(boton).toHaveAttribute('aria-label', 'Importar equipos');
    expect(boton).toHaveAttribute('title', 'Importar equipos de un CSV o Excel');
    expect(boton).toHaveAttribute('router-link', '/equipos-importar');
  });
});
