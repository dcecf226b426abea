import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEnlaceExterno, makeEnlacesOrden } from '../../features/externos/test-utils';
import { simularObjectUrl } from '../../features/files/test-utils';
import { makeEvento, makeOrdenDetalle } from '../../test/ordenes';
import { makeSupervisor } from '../../test/factories';
import { renderConApp } from '../../test/render';
import { archivoRespuesta, simularServidor } from '../../test/servidor';
import OrdenDetalleConPapeleoPage from './orden-detalle-page';
import OrdenesListaConExportarPage from './ordenes-lista-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('app/ composes the orders screens with the paperwork features (issue 29)', () => {
  beforeEach(() => {
    simularObjectUrl();
  });

  it('the order detail shows the paperwork links and the client’s side of that order', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrdenDetalle({ id: 42, titulo: 'Bomba de agua' }),
      'GET /api/v2/historial/detalle/42': [makeEvento()],
    });
    renderConApp(
      <Routes>
        <Route path="/orden/:id" element={<OrdenDetalleConPapeleoPage />} />
      </Routes>,
      { usuario: makeSupervisor(), ruta: '/orden/42' },
    );

    expect(await screen.findByText('Bomba de agua')).toBeInTheDocument();
    expect(screen.getByTestId('orden-papeleo')).toBeInTheDocument();
    expect(screen.getByTestId('accion-archivos')).toHaveAttribute('router-link', '/archivos?id=42');
    expect(screen.getByTestId('accion-compartir-cliente')).toBeInTheDocument();
  });

  it('the order detail shows whom outside the company it was handed to (issue 33 part 2)', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrdenDetalle({ id: 42, titulo: 'Bomba de agua' }),
      'GET /api/v2/historial/detalle/42': [makeEvento()],
      'GET /api/v4/externos/orden/42': makeEnlacesOrden([makeEnlaceExterno({ nombre: 'Juan Gómez' })]),
    });
    renderConApp(
      <Routes>
        <Route path="/orden/:id" element={<OrdenDetalleConPapeleoPage />} />
      </Routes>,
      { usuario: makeSupervisor(), ruta: '/orden/42' },
    );

    const seccion = await screen.findByTestId('externos-seccion');
    expect(await within(seccion).findByTestId('externos-fila-nombre')).toHaveTextContent('Juan Gómez');
  });

  it('the order list’s export sends the filters the list shows', async () => {
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const llamadas = simularServidor({
      'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 25 },
      'POST /api/v2/ordenes/exportar': () =>
        archivoRespuesta('PK', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    });
    renderConApp(<OrdenesListaConExportarPage />, { usuario: makeSupervisor(), ruta: '/home?q=bomba' });

    await waitFor(() => expect(llamadas.de('POST', '/api/v4/ordenes/all/filtered')).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('ordenes-exportar'));
    await waitFor(() => expect(clic).toHaveBeenCalledTimes(1));

    const lista = llamadas.de('POST', '/api/v4/ordenes/all/filtered')[0]?.cuerpo as Record<string, unknown>;
    const exportada = llamadas.de('POST', '/api/v2/ordenes/exportar')[0]?.cuerpo;
    expect(lista.buscar).toBe('bomba');
    // The same selection, without the paging (the export has every order the filters select).
    const { pagina: _pagina, porPagina: _porPagina, ...sinPaginas } = lista;
    expect(exportada).toEqual(sinPaginas);
  });
});
