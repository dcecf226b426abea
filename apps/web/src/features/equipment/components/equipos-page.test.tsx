import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOperario, makePropietario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { deshabilitado } from '../../../test/ionic';
import { archivoRespuesta, errorDelServidor, simularServidor } from '../../../test/servidor';
import { makeEquipo, paginaEquipos } from '../test-utils';
import EquiposPage from './equipos-page';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const LISTA = 'GET /api/v4/equipos';
const CLIENTES = { 'GET /api/v4/clientes': [], 'GET /api/v3/test/clientes-usados': [] };

describe('Equipos (issue 32)', () => {
  it('lists the equipos as text, and the search asks the server once the typing stops', async () => {
    const caldera = makeEquipo({ nombre: '<img src=x onerror=alert(1)>', codigo: 'CAL-9' });
    const llamadas = simularServidor({
      ...CLIENTES,
      [LISTA]: (l) => paginaEquipos(l.query.get('q') === 'baxi' ? [caldera] : [caldera, makeEquipo()]),
    });
    renderConApp(<EquiposPage />, { usuario: makeOperario(), ruta: '/equipos' });

    const lista = await screen.findByTestId('equipos-lista');
    expect(within(lista).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(lista.querySelector('img')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('2 equipos');
    // An operario (no altaClientes) can look, not change: no «Nuevo» nor «Importar».
    expect(screen.queryByTestId('equipos-nuevo')).toBeNull();
    expect(screen.queryByTestId('equipos-importar')).toBeNull();

    const buscar = screen.getByTestId('equipos-buscar');
    fireEvent(buscar, new CustomEvent('ionInput', { detail: { value: 'baxi' } }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 equipo'));
    const pedidas = llamadas.de('GET', '/api/v4/equipos').map((l) => l.query.get('q'));
    expect(pedidas).toEqual([null, 'baxi']);
  });

  it('an empty list says so, and a failure offers to retry', async () => {
    let falla = true;
    simularServidor({
      ...CLIENTES,
      [LISTA]: () => (falla ? errorDelServidor(500, 'Error interno.') : paginaEquipos([])),
    });
    renderConApp(<EquiposPage />, { usuario: makePropietario(), ruta: '/equipos' });
    expect(await screen.findByTestId('admin-error')).toHaveTextContent('No se pudieron cargar los datos');
    falla = false;
    fireEvent.click(within(screen.getByTestId('admin-error')).getByText('Reintentar'));
    expect(await screen.findByTestId('equipos-vacio')).toHaveTextContent('Cree el primero con «Nuevo equipo»');
  });

  it('prints the labels of the selected equipos, or of all with «Seleccionar todos»', async () => {
    const [a, b, c] = [makeEquipo(), makeEquipo(), makeEquipo()];
    const guardados: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:etiquetas');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      guardados.push(this.download);
    });
    const llamadas = simularServidor({
      ...CLIENTES,
      [LISTA]: paginaEquipos([a!, b!, c!]),
      'POST /api/v4/equipos/etiquetas': () => archivoRespuesta('%PDF-1.4', 'application/pdf', 'etiquetas.pdf'),
    });
    renderConApp(<EquiposPage />, { usuario: makeOperario(), ruta: '/equipos' });
    await screen.findByTestId('equipos-lista');
    const imprimir = screen.getByTestId('equipos-imprimir');
    expect(deshabilitado(imprimir)).toBe(true);

    fireEvent.click(screen.getByTestId(`equipo-elegir-${c!.id}`));
    expect(screen.getByRole('status')).toHaveTextContent(/^3 equipos · 1 elegido$/);
    fireEvent.click(screen.getByTestId(`equipo-elegir-${a!.id}`));
    expect(screen.getByRole('status')).toHaveTextContent(/^3 equipos · 2 elegidos$/);
    fireEvent.click(imprimir);
    await waitFor(() => expect(guardados).toEqual(['etiquetas.pdf']));
    expect(llamadas.de('POST', '/api/v4/equipos/etiquetas')[0]!.cuerpo).toEqual({ ids: [a!.id, c!.id] });

    fireEvent.click(screen.getByTestId('equipos-todos'));
    fireEvent.click(imprimir);
    await waitFor(() => expect(guardados).toEqual(['etiquetas.pdf', 'etiquetas.pdf']));
    expect(llamadas.de('POST', '/api/v4/equipos/etiquetas')[1]!.cuerpo).toEqual({ ids: [a!.id, b!.id, c!.id] });
    await waitFor(() => expect(imprimir).toHaveTextContent('Imprimir etiquetas'));
    expect(deshabilitado(imprimir)).toBe(false);

    fireEvent.click(screen.getByTestId('equipos-todos'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^3 equipos$/));
    expect(deshabilitado(imprimir)).toBe(true);
  });

  it('a refused label sheet says why in Spanish', async () => {
    const a = makeEquipo();
    simularServidor({
      ...CLIENTES,
      [LISTA]: paginaEquipos([a]),
      'POST /api/v4/equipos/etiquetas': errorDelServidor(404, 'El equipo no existe.'),
    });
    renderConApp(<EquiposPage />, { usuario: makeOperario(), ruta: '/equipos' });
    fireEvent.click(await screen.findByTestId(`equipo-elegir-${a.id}`));
    fireEvent.click(screen.getByTestId('equipos-imprimir'));
    expect(await screen.findByTestId('equipos-etiquetas-error')).toHaveTextContent(
      'No se generaron las etiquetas. El equipo no existe.',
    );
  });

  it('the address of a site filters the list by its client and site', async () => {
    const llamadas = simularServidor({ ...CLIENTES, 'GET /api/v4/ubicaciones': [], [LISTA]: paginaEquipos([]) });
    renderConApp(<EquiposPage />, { usuario: makePropietario(), ruta: '/equipos?cliente=3&ubicacion=9' });
    await waitFor(() => {
      const ultima = llamadas.de('GET', '/api/v4/equipos').at(-1);
      expect(ultima && Object.fromEntries(ultima.query)).toMatchObject({
        cliente: '3',
        ubicacion: '9',
      });
    });
  });
});
