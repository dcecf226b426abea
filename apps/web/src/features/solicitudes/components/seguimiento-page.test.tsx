import { configure, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { makeSeguimiento } from '../test-utils';
import SeguimientoPage from './seguimiento-page';

configure({ asyncUtilTimeout: 5000 });

const RUTA = '/api/v4/publico/solicitud/seguimiento';
const XSS = '<img src=x onerror="window.__xss=1">';

function abrir(respuesta: Respuesta, t = 't_abc123') {
  const llamadas = simularServidor({ [`GET ${RUTA}`]: respuesta });
  renderConApp(
    <Routes>
      <Route path="/solicitud/seguimiento/:t" element={<SeguimientoPage />} />
    </Routes>,
    { ruta: `/solicitud/seguimiento/${t}` },
  );
  return llamadas;
}

describe('the tracking page of a request (issue 33)', () => {
  it('pending: the text, the date and the state; asked by the link’s token, without a session', async () => {
    const llamadas = abrir(makeSeguimiento({ que: `Pierde agua ${XSS}` }));
    expect(await screen.findByTestId('seguimiento-estado')).toHaveTextContent('Pendiente');
    expect(screen.getByTestId('seguimiento-que')).toHaveTextContent(`Pierde agua ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('seguimiento-empresa')).toHaveTextContent('Demo Servicios S.A.');
    expect(screen.getByTestId('seguimiento')).toHaveTextContent('Enviado el 12/11/2026 10:00');
    expect(screen.getByTestId('seguimiento-pendiente')).toBeInTheDocument();
    expect(screen.queryByTestId('seguimiento-resumen')).toBeNull();
    const pedido = llamadas.de('GET', RUTA)[0]!;
    expect(pedido.query.get('t')).toBe('t_abc123');
    expect(pedido.autorizacion).toBeNull();
  });

  it('accepted: a button to the order’s public summary', async () => {
    abrir(makeSeguimiento({ estado: 'aceptada', resumen: 'https://delego.example/ordersummary/k_orden' }));
    expect(await screen.findByTestId('seguimiento-estado')).toHaveTextContent('Aceptada');
    expect(screen.getByTestId('seguimiento-resumen')).toHaveAttribute(
      'href',
      'https://delego.example/ordersummary/k_orden',
    );
  });

  it('accepted with a summary that is not a web address: no link', async () => {
    abrir(makeSeguimiento({ estado: 'aceptada', resumen: 'javascript:alert(1)' }));
    expect(await screen.findByTestId('seguimiento-estado')).toHaveTextContent('Aceptada');
    expect(screen.queryByTestId('seguimiento-resumen')).toBeNull();
  });

  it('rejected: «Rechazada: motivo», as text', async () => {
    abrir(makeSeguimiento({ estado: 'rechazada', motivo: `No trabajamos en esa zona ${XSS}` }));
    expect(await screen.findByTestId('seguimiento-motivo')).toHaveTextContent(
      `Rechazada: No trabajamos en esa zona ${XSS}`,
    );
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByTestId('seguimiento-resumen')).toBeNull();
  });

  it('a token that does not exist: the «no encontrado» page', async () => {
    abrir(() => errorDelServidor(404, 'No encontrado.'));
    expect(await screen.findByTestId('seguimiento-no-encontrado')).toHaveTextContent('Pedido no encontrado');
  });

  it('a failure that is not a 404 offers a retry', async () => {
    let fallar = true;
    abrir(() => (fallar ? errorDelServidor(503, 'El servicio no está disponible.') : makeSeguimiento()));
    const reintentar = await screen.findByTestId('seguimiento-reintentar', {}, { timeout: 10_000 });
    fallar = false;
    reintentar.click();
    expect(await screen.findByTestId('seguimiento-estado')).toHaveTextContent('Pendiente');
  });
});
