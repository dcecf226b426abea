import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOperario, makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { EL_12_DE_NOVIEMBRE, makeSolicitud } from '../test-utils';
import SolicitudesPage from './solicitudes-page';

configure({ asyncUtilTimeout: 5000 });

const RUTA = '/api/v4/solicitudes';
const XSS = '<img src=x onerror="window.__xss=1">';

function abrir(respuesta: Respuesta, usuario = makeSupervisor()) {
  const llamadas = simularServidor({ [`GET ${RUTA}`]: respuesta });
  renderConApp(<SolicitudesPage />, { usuario, ruta: '/solicitudes' });
  return llamadas;
}

const filtrar = (estado: string) =>
  fireEvent(screen.getByTestId('solicitudes-filtro'), new CustomEvent('ionChange', { detail: { value: estado } }));

describe('«Solicitudes», the inbox (issue 33)', () => {
  it('lists the pending ones: client, first line, place, contact and age; a row opens the request', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(EL_12_DE_NOVIEMBRE + 3 * 3_600_000);
    const llamadas = abrir([
      makeSolicitud(),
      makeSolicitud({
        id: 8,
        clienteNombre: `Hotel ${XSS}`,
        que: `Caldera sin presión ${XSS}`,
        donde: null,
        lugar: { tipo: 'equipo', id: 5, nombre: 'Caldera 2' },
        contacto: { nombre: 'Luis', email: null, telefono: '11 4444-5555' },
        fotos: [],
        creada: EL_12_DE_NOVIEMBRE + 3 * 3_600_000 - 10 * 60_000,
      }),
    ]);
    const lista = await screen.findByTestId('solicitudes-lista');
    const primera = within(lista).getByTestId('solicitud-7');
    const segunda = within(lista).getByTestId('solicitud-8');
    expect(within(primera).getByTestId('solicitud-cliente')).toHaveTextContent('Clínica San Martín');
    // Only the first line of what was asked.
    expect(within(primera).getByTestId('solicitud-que')).toHaveTextContent(/^Pierde agua la canilla de la cocina\.$/);
    expect(within(primera).getByTestId('solicitud-donde')).toHaveTextContent('Cocina, 2.º piso');
    expect(within(primera).getByTestId('solicitud-contacto')).toHaveTextContent(
      'Marta Gómez · marta@example.com · 341 555-1234',
    );
    expect(within(primera).getByTestId('solicitud-edad')).toHaveTextContent('hace 3 horas');
    expect(within(primera).getByTestId('solicitud-cantidad-fotos')).toHaveTextContent('1 foto');
    expect((primera as HTMLIonItemElement).href).toBe('/solicitudes/7');

    expect(within(segunda).getByTestId('solicitud-cliente')).toHaveTextContent(`Hotel ${XSS}`);
    expect(within(segunda).getByTestId('solicitud-donde')).toHaveTextContent('Equipo: Caldera 2');
    expect(within(segunda).getByTestId('solicitud-edad')).toHaveTextContent('hace 10 minutos');
    expect(within(segunda).queryByTestId('solicitud-cantidad-fotos')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();

    expect(llamadas.de('GET', RUTA)[0]!.query.get('estado')).toBe('pendiente');
  });

  it('the filter asks for the accepted and the rejected, each row says what became of it', async () => {
    const llamadas = abrir(({ query }) =>
      query.get('estado') === 'aceptada'
        ? [makeSolicitud({ id: 9, estado: 'aceptada', orden: { id: 361, numero: 321 } })]
        : query.get('estado') === 'rechazada'
          ? [makeSolicitud({ id: 10, estado: 'rechazada', motivo: 'Fuera de zona' })]
          : [],
    );
    expect(await screen.findByTestId('solicitudes-vacio')).toHaveTextContent('No hay solicitudes pendientes');

    filtrar('aceptada');
    expect(await screen.findByTestId('solicitud-orden')).toHaveTextContent('Orden #321');
    filtrar('rechazada');
    expect(await screen.findByTestId('solicitud-motivo')).toHaveTextContent('Rechazada: Fuera de zona');
    expect(llamadas.de('GET', RUTA).map((l) => l.query.get('estado'))).toEqual(['pendiente', 'aceptada', 'rechazada']);
  });

  it('says when a filter has none', async () => {
    abrir([]);
    await screen.findByTestId('solicitudes-vacio');
    filtrar('rechazada');
    await waitFor(() =>
      expect(screen.getByTestId('solicitudes-vacio')).toHaveTextContent('No hay solicitudes rechazadas'),
    );
  });

  it('a list that could not be read offers «Reintentar»', async () => {
    let fallar = true;
    abrir(() => (fallar ? errorDelServidor(500, 'Falla') : [makeSolicitud()]));
    const error = await screen.findByTestId('admin-error');
    fallar = false;
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('solicitud-7')).toBeInTheDocument();
  });

  it('who may not create orders is told so, and nothing is asked', async () => {
    const llamadas = abrir([makeSolicitud()], makeOperario());
    expect(await screen.findByTestId('admin-sin-permiso')).toHaveTextContent('quien puede crear órdenes');
    expect(llamadas).toHaveLength(0);
  });
});
