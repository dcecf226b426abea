import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Cliente, UbicacionCliente } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { makePropietario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { simularServidor } from '../../../test/servidor';
import UbicacionesPage from './ubicaciones-page';

configure({ asyncUtilTimeout: 5000 });

const CLINICA = { id: 1, nombre: 'Clínica San Martín' };
const HOTEL = { id: 2, nombre: 'Hotel Sur' };

const cliente = ({ id, nombre }: { id: number; nombre: string }): Cliente => ({
  id,
  nombre,
  cuit: null,
  contacto: null,
  email: null,
  telefono: null,
  direccion: null,
  notas: null,
  activo: true,
});

function ubicacion(id: number, cliente: { id: number; nombre: string }, nombre: string): UbicacionCliente {
  return { id, cliente, nombre, codigo: null, direccion: null, notas: null, codigoQr: 'b'.repeat(22), equipos: id };
}

describe('Ubicaciones (issue 32)', () => {
  it('lists every client’s sites before a client is chosen, and one client’s once it is', async () => {
    const llamadas = simularServidor({
      'GET /api/v4/clientes': [cliente(CLINICA), cliente(HOTEL)],
      'GET /api/v3/test/clientes-usados': [],
      'GET /api/v4/ubicaciones': (l) =>
        l.query.get('cliente') === '2'
          ? [ubicacion(9, HOTEL, 'Cocina')]
          : [ubicacion(7, CLINICA, 'Sede Centro'), ubicacion(9, HOTEL, 'Cocina')],
    });
    renderConApp(<UbicacionesPage />, { usuario: makePropietario(), ruta: '/ubicaciones' });

    // «Todos los clientes»: the list of every client's sites, not a loader that never ends.
    const lista = await screen.findByTestId('ubicaciones-lista');
    expect(within(lista).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lista).getByText('Sede Centro')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-cargando')).toBeNull();
    expect(llamadas.de('GET', '/api/v4/ubicaciones').map((l) => l.query.get('cliente'))).toEqual([null]);

    fireEvent(screen.getByTestId('ubicaciones-cliente'), new CustomEvent('ionChange', { detail: { value: 2 } }));
    await waitFor(() => expect(within(screen.getByTestId('ubicaciones-lista')).queryByText('Sede Centro')).toBeNull());
    expect(within(screen.getByTestId('ubicaciones-lista')).getByText('Cocina')).toBeInTheDocument();
  });
});
