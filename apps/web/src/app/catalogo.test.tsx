import type { Etiqueta } from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crearQueryClient } from './query-client';
import { useCrearEtiqueta } from '../features/admin/catalog/api/crear-etiqueta';
import { useModificarEtiqueta } from '../features/admin/catalog/api/modificar-etiqueta';
import NuevaOrdenPage from '../features/orders/components/nueva-orden-page';
import { makeSupervisor } from '../test/factories';
import { renderConApp } from '../test/render';
import { simularServidor } from '../test/servidor';

/** Administration's calls, on a button each, in the same tab (the same query client) as "Nueva orden". */
function Administracion() {
  const crear = useCrearEtiqueta('areas');
  const modificar = useModificarEtiqueta('areas');
  return (
    <>
      <button type="button" onClick={() => crear.mutate('Climatización')}>
        crear área
      </button>
      <button type="button" onClick={() => modificar.mutate({ id: 2, nombre: 'Electricidad y gas' })}>
        renombrar área
      </button>
    </>
  );
}

function servidorConAreas() {
  const areas: Etiqueta[] = [{ id: 2, nombre: 'Electricidad', archivado: false }];
  return simularServidor({
    'GET /api/v2/empresasAsignables': [{ id: 1, nombre: 'Municipalidad de Rosario' }],
    'GET /api/v2/tipoOrden/all': [],
    'GET /api/v3/areas/all': () => areas.filter((a) => !a.archivado),
    'GET /api/v2/prioridades': [],
    'GET /api/v2/e5s/areas': [],
    'GET /api/v2/usuarios/todos': [],
    'POST /api/v3/areas': ({ cuerpo }) => {
      const nueva = { id: 9, nombre: (cuerpo as { nombre: string }).nombre, archivado: false };
      areas.push(nueva);
      return nueva;
    },
    'PUT /api/v3/areas/2': ({ cuerpo }) => {
      areas[0] = { ...areas[0]!, nombre: (cuerpo as { nombre: string }).nombre };
      return areas[0];
    },
  });
}

function areasOfrecidas(): string[] {
  return [...screen.getByTestId('orden-form-area').querySelectorAll('ion-select-option')].map(
    (o) => o.textContent ?? '',
  );
}

describe('one key per catalogue endpoint', () => {
  it('an area created in administration is offered by "Nueva orden" at once, not after its 5 minutes', async () => {
    const llamadas = servidorConAreas();
    renderConApp(
      <>
        <NuevaOrdenPage />
        <Administracion />
      </>,
      { usuario: makeSupervisor(), ruta: '/nueva-orden', queryClient: crearQueryClient() },
    );
    await waitFor(() => expect(areasOfrecidas()).toContain('Electricidad'));
    expect(areasOfrecidas()).not.toContain('Climatización');

    fireEvent.click(screen.getByText('crear área'));
    await waitFor(() => expect(areasOfrecidas()).toContain('Climatización'));
    expect(llamadas.de('GET', '/api/v3/areas/all').length).toBeGreaterThanOrEqual(2);
  });

  it('a renamed area shows its new name in "Nueva orden"', async () => {
    servidorConAreas();
    renderConApp(
      <>
        <NuevaOrdenPage />
        <Administracion />
      </>,
      { usuario: makeSupervisor(), ruta: '/nueva-orden', queryClient: crearQueryClient() },
    );
    await waitFor(() => expect(areasOfrecidas()).toContain('Electricidad'));
    fireEvent.click(screen.getByText('renombrar área'));
    await waitFor(() => expect(areasOfrecidas()).toContain('Electricidad y gas'));
    expect(areasOfrecidas()).not.toContain('Electricidad');
  });
});
