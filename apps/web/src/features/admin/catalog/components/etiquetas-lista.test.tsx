import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdmin } from '../../../../test/factories';
import { renderPantalla } from '../../shared/pruebas';
import { responderConfirmacion } from '../../../../test/ionic';
import { json, simularServidor } from '../../../../test/servidor';
import AreasPage from './areas-page';
import TiposOrdenPage from './tipos-orden-page';

const ACTOR = { ...makeAdmin(), id: 900 };

function toast(): Promise<HTMLIonToastElement> {
  return waitFor(() => {
    const t = document.querySelector('ion-toast');
    if (!t?.message) throw new Error('sin aviso');
    return t;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tipos-orden and areas', () => {
  it('lists the ones in use and, apart, the archived ones', async () => {
    simularServidor({
      'GET /api/v2/tipoOrden/all': () =>
        json(200, [
          { id: 1, nombre: 'Preventivo', archivado: false },
          { id: 2, nombre: 'Correctivo', archivado: false },
          { id: 3, nombre: 'Obsoleto', archivado: true },
        ]),
    });
    renderPantalla(<TiposOrdenPage />, { usuario: ACTOR, ruta: '/tipos-orden' });
    const activos = await screen.findByTestId('tipo-lista');
    expect(
      within(activos)
        .getAllByText(/o$/)
        .map((e) => e.textContent),
    ).toEqual(['Correctivo', 'Preventivo']);
    expect(within(screen.getByTestId('tipo-archivadas')).getByText('Obsoleto')).toBeInTheDocument();
  });

  it("deleting asks first and then shows the server's message: archived when orders use it", async () => {
    const s = simularServidor({
      'GET /api/v3/areas/all': () => json(200, [{ id: 5, nombre: 'Plomería', archivado: false }]),
      'GET /api/v2/e5s/areas': () => json(200, []),
      'DELETE /api/v3/areas/5': () =>
        json(200, {
          archivado: true,
          ordenes: 12,
          message: 'El área está en uso por 12 órdenes: se archivó y deja de ofrecerse para órdenes nuevas.',
        }),
    });
    renderPantalla(<AreasPage />, { usuario: ACTOR, ruta: '/areas' });
    const eliminar = await screen.findByTestId('area-eliminar-5');

    fireEvent.click(eliminar);
    await responderConfirmacion('Cancelar');
    expect(s.de('DELETE', '/api/v3/areas/5')).toHaveLength(0);

    fireEvent.click(eliminar);
    await responderConfirmacion('Eliminar');
    await waitFor(() => expect(s.de('DELETE', '/api/v3/areas/5')).toHaveLength(1));
    const aviso = await toast();
    expect(aviso.message).toBe(
      'El área está en uso por 12 órdenes: se archivó y deja de ofrecerse para órdenes nuevas.',
    );
    expect(aviso.color).toBe('warning');
  });

  it('restores an archived one with PUT {nombre, archivado: false}', async () => {
    const s = simularServidor({
      'GET /api/v2/tipoOrden/all': () => json(200, [{ id: 3, nombre: 'Obsoleto', archivado: true }]),
      'PUT /api/v2/tipoOrden/3': () => json(200, { id: 3, nombre: 'Obsoleto', archivado: false }),
    });
    renderPantalla(<TiposOrdenPage />, { usuario: ACTOR, ruta: '/tipos-orden' });
    fireEvent.click(await screen.findByTestId('tipo-restaurar-3'));
    await waitFor(() =>
      expect(s.de('PUT', '/api/v2/tipoOrden/3')[0]?.cuerpo).toEqual({ nombre: 'Obsoleto', archivado: false }),
    );
  });

  it('imports an E5S CSV after confirming, and lists the errors of a wrong file line by line', async () => {
    let respuesta = () =>
      json(400, {
        code: 'DATOS_INVALIDOS',
        requestId: 'r',
        field: 'csv',
        message: 'El archivo tiene errores. Línea 2: falta la clave. Línea 4: falta el nombre (use "clave;nombre").',
      });
    const s = simularServidor({
      'GET /api/v3/areas/all': () => json(200, []),
      'GET /api/v2/e5s/areas': () => json(200, [{ clave: 'A1', nombre: 'Planta' }]),
      'POST /api/v2/e5s/areas/importar': () => respuesta(),
    });
    renderPantalla(<AreasPage />, { usuario: ACTOR, ruta: '/areas' });
    expect(await screen.findByTestId('e5s-tabla')).toHaveTextContent('Planta');

    const archivo = new File(['clave;nombre\n;Sin clave\nB2;Depósito\nC3\n'], 'e5s.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('e5s-archivo'), { target: { files: [archivo] } });
    await responderConfirmacion('Importar');

    const errores = await screen.findByTestId('e5s-errores');
    expect(s.de('POST', '/api/v2/e5s/areas/importar')[0]?.cuerpo).toEqual({
      csv: 'clave;nombre\n;Sin clave\nB2;Depósito\nC3\n',
    });
    expect([...errores.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Línea 2: falta la clave.',
      'Línea 4: falta el nombre (use "clave;nombre").',
    ]);

    respuesta = () =>
      json(200, { importadas: 2, anteriores: 1, message: 'Se importaron 2 áreas E5S; reemplazan a las 1 anteriores.' });
    fireEvent.change(screen.getByTestId('e5s-archivo'), { target: { files: [archivo] } });
    await responderConfirmacion('Importar');
    expect(await screen.findByTestId('e5s-resultado')).toHaveTextContent('Se importaron 2 áreas E5S');
  });

  it('sends a CSV that Excel saved in Windows-1252 with its accents', async () => {
    const s = simularServidor({
      'GET /api/v3/areas/all': () => json(200, []),
      'GET /api/v2/e5s/areas': () => json(200, []),
      'POST /api/v2/e5s/areas/importar': () => json(200, { importadas: 1, anteriores: 0, message: 'Listo.' }),
    });
    renderPantalla(<AreasPage />, { usuario: ACTOR, ruta: '/areas' });
    await screen.findByText(/Todavía no hay áreas E5S/);
    // «B2;Depósito» as Excel in Spanish saves it: ó is the one byte 0xF3.
    const bytes = new Uint8Array([
      ...[...'B2;Dep'].map((c) => c.charCodeAt(0)),
      0xf3,
      ...[...'sito\n'].map((c) => c.charCodeAt(0)),
    ]);
    const archivo = new File([bytes], 'e5s.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('e5s-archivo'), { target: { files: [archivo] } });
    await responderConfirmacion('Importar');
    await screen.findByTestId('e5s-resultado');
    expect(s.de('POST', '/api/v2/e5s/areas/importar')[0]?.cuerpo).toEqual({ csv: 'B2;Depósito\n' });
  });
});
