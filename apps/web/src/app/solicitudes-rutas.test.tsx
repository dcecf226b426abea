import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardarSesion } from '../lib/session';
import { makeOperario, makePlan, makeSupervisor } from '../test/factories';
import { simularServidor, type Llamadas } from '../test/servidor';
import { App } from './app';
import { crearQueryClient } from './query-client';

/** Requests from outside the company (issue 33) as the whole app routes them. */

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
const CODIGO = 'Ab3_-xYz0123456789abcd';
const FORMULARIO = { empresa: 'Demo Servicios S.A.', cliente: 'Hotel Los Andes', lugar: null };

let llamadas: Llamadas;

function abrir(ruta: string) {
  window.history.replaceState(null, '', ruta);
  return render(<App queryClient={crearQueryClient()} />);
}

const pedidos = (prefijo: string) => llamadas.filter((l) => l.ruta.startsWith(prefijo));

beforeEach(() => {
  llamadas = simularServidor({
    'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 25 },
    'GET /api/v2/plan/estado': makePlan(),
    'GET /api/v2/notificaciones/all': [],
    'GET /api/v4/solicitudes/pendientes': { pendientes: 2 },
    [`GET /api/v4/qr/${CODIGO}`]: { tipo: 'equipo', id: 5 },
    [`GET /api/v4/publico/q/${CODIGO}`]: { ...FORMULARIO, lugar: { tipo: 'equipo', nombre: 'Caldera 2' } },
    'GET /api/v4/publico/solicitud': FORMULARIO,
  });
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('a scanned label, /q/:codigo (issues 32 and 33)', () => {
  it('without a session: the request form of its client with the place, no login asked', async () => {
    abrir(`/q/${CODIGO}`);
    expect(await screen.findByTestId('solicitud-lugar', {}, { timeout: 8000 })).toHaveTextContent('Equipo: Caldera 2');
    expect(screen.getByRole('form', { name: 'Pedido de trabajo' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/q/${CODIGO}`);
    // The company's side of the label is never asked.
    expect(pedidos('/api/v4/qr/')).toHaveLength(0);
  });

  it('with a session: the equipo, as before; the public form is never asked', async () => {
    guardarSesion({ usuario: makeOperario(), md5: MD5 });
    abrir(`/q/${CODIGO}`);
    await waitFor(() => expect(window.location.pathname).toBe('/equipos/5'), { timeout: 8000 });
    expect(pedidos('/api/v4/qr/')).toHaveLength(1);
    expect(pedidos('/api/v4/publico/')).toHaveLength(0);
  });
});

describe('the menu and the public pages (issue 33)', () => {
  it('«Solicitudes» shows the pending count to who may create orders', async () => {
    guardarSesion({ usuario: makeSupervisor(), md5: MD5 });
    abrir('/home');
    expect(await screen.findByTestId('menu-solicitudes-pendientes', {}, { timeout: 8000 })).toHaveTextContent(
      '2 pendientes',
    );
  });

  it('an operario without crearOrden: no entry, and the count is never asked', async () => {
    guardarSesion({ usuario: makeOperario(), md5: MD5 });
    abrir('/home');
    await screen.findByTestId('menu-home', {}, { timeout: 8000 });
    expect(screen.queryByTestId('menu-solicitudes')).toBeNull();
    expect(pedidos('/api/v4/solicitudes')).toHaveLength(0);
  });

  it('the request form has no menu, even for a user with a session trying the link', async () => {
    guardarSesion({ usuario: makeSupervisor(), md5: MD5 });
    abrir('/solicitud/k_Zx8pQ2mN4vB7cD1eF3gH5jK9');
    expect(await screen.findByTestId('solicitud-cliente', {}, { timeout: 8000 })).toHaveTextContent(
      'Cliente: Hotel Los Andes',
    );
    await waitFor(() => expect(document.querySelector<HTMLIonMenuElement>('ion-menu')?.disabled).toBe(true));
  });
});
