import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { simularServidor } from '../../../test/servidor';
import FiltrosPage from './filtros-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function Direccion() {
  const { pathname, search } = useLocation();
  return <output data-testid="direccion">{decodeURIComponent(pathname + search)}</output>;
}

function mostrar(ruta: string) {
  simularServidor({
    'GET /api/v3/test/clientes-usados': [
      { id: 3, nombre: 'Clínica San Martín' },
      { id: 4, nombre: 'Hotel Los Andes' },
    ],
    'GET /api/v2/usuarios/todos': [{ id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa', email: null }],
    'GET /api/v2/tipoOrden/all': [],
    'GET /api/v3/areas/all': [],
    'GET /api/v2/prioridades': [],
  });
  return renderConApp(
    <>
      <FiltrosPage />
      <Direccion />
    </>,
    { usuario: makeSupervisor(), ruta },
  );
}

const evento = (testId: string, nombre: string, detail: object) =>
  fireEvent(screen.getByTestId(testId), new CustomEvent(nombre, { detail }));

const aplicar = () => fireEvent.submit(screen.getByRole('form', { name: 'Filtros de órdenes' }));

describe('orderslistfilter', () => {
  it('opens with the list filters and applies the new ones to Inicio through the address', async () => {
    mostrar('/orderslistfilter?cliente=3&q=bomba&orden=numero');
    // Opened with the list's filters: the open states ticked, the client chosen.
    expect(screen.getByTestId('filtro-estado-1')).toMatchObject({ checked: true });
    expect(screen.getByTestId('filtro-estado-4')).toMatchObject({ checked: false });
    expect(screen.getByTestId('filtro-cliente')).toMatchObject({ value: 3 });

    evento('filtro-estado-4', 'ionChange', { checked: true });
    evento('filtro-vencidas', 'ionChange', { checked: true });
    evento('filtro-responsable', 'ionChange', { value: 4 });
    evento('filtro-cliente', 'ionChange', { value: 0 });
    evento('filtro-campo-fecha', 'ionChange', { value: 'fechaFin' });
    evento('filtro-desde', 'ionInput', { value: '2026-10-01' });
    aplicar();

    // The search and the sort travel along untouched.
    await waitFor(() =>
      expect(screen.getByTestId('direccion')).toHaveTextContent(
        '/home?estados=1,2,3,4&vencidas=1&responsable=4&desde=2026-10-01&fecha=fechaFin&q=bomba&orden=numero',
      ),
    );
  });

  it('the service-level filter (issue 34) opens with the list’s and goes to Inicio in the address', async () => {
    mostrar('/orderslistfilter?sla=vencidas');
    expect(screen.getByTestId('filtro-sla')).toMatchObject({ value: 'vencidas' });
    evento('filtro-sla', 'ionChange', { value: 'por-vencer' });
    aplicar();
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home?sla=por-vencer'));
  });

  it('«Todas» leaves the service-level filter out of the address', async () => {
    mostrar('/orderslistfilter?sla=por-vencer&tipo=2');
    evento('filtro-sla', 'ionChange', { value: '' });
    aplicar();
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home?tipo=2'));
  });

  it('no state ticked means every state', async () => {
    mostrar('/orderslistfilter?estados=4&tipo=2');
    evento('filtro-estado-4', 'ionChange', { checked: false });
    aplicar();
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home?estados=todas&tipo=2'));
  });

  it('refuses a range whose end is before its start', async () => {
    mostrar('/orderslistfilter');
    evento('filtro-desde', 'ionInput', { value: '2026-10-10' });
    evento('filtro-hasta', 'ionInput', { value: '2026-10-01' });
    aplicar();
    await waitFor(() =>
      expect(screen.getByTestId('filtro-hasta')).toMatchObject({
        errorText: 'La fecha "hasta" no puede ser anterior a "desde".',
      }),
    );
    expect(screen.getByTestId('direccion')).toHaveTextContent('/orderslistfilter');
  });
});
