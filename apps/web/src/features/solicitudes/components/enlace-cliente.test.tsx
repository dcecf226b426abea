import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAdmin, makeUsuario, TODOS_LOS_PERMISOS } from '../../../test/factories';
import { responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { EL_12_DE_NOVIEMBRE, makeEnlace } from '../test-utils';
import { EnlaceSolicitudesDeCliente } from './enlace-cliente';

configure({ asyncUtilTimeout: 5000 });

const RUTA = '/api/v4/solicitudes/enlace/3';
const URL_A = 'https://delego.example/solicitud/k_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const URL_B = 'https://delego.example/solicitud/k_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const ACTIVO = makeEnlace({ activo: true, url: URL_A, creado: EL_12_DE_NOVIEMBRE });

function abrir(respuestas: Record<string, Respuesta>, usuario = makeAdmin()) {
  const llamadas = simularServidor(respuestas);
  renderConApp(<EnlaceSolicitudesDeCliente clienteId={3} nombre="Clínica San Martín" />, {
    usuario,
    ruta: '/cliente?id=3',
  });
  return llamadas;
}

const ultimoAviso = () => document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso')?.message;

describe('«Pedidos por enlace» of a client (issue 33)', () => {
  it('off: says what it is for; «Activar enlace» turns it on and shows the URL', async () => {
    const llamadas = abrir({ [`GET ${RUTA}`]: makeEnlace(), [`POST ${RUTA}`]: ACTIVO });
    expect(await screen.findByTestId('enlace-solicitudes-inactivo')).toHaveTextContent('Sin enlace de pedidos');
    fireEvent.click(screen.getByTestId('enlace-solicitudes-activar'));
    expect(await screen.findByTestId('enlace-solicitudes-url')).toHaveValue(URL_A);
    expect(llamadas.de('POST', RUTA)).toHaveLength(1);
    expect(screen.getByTestId('enlace-solicitudes-activo')).toHaveTextContent(
      'Mientras está activo, las etiquetas QR de sus equipos y ubicaciones también reciben pedidos.',
    );
    expect(screen.getByTestId('enlace-solicitudes-activo')).toHaveTextContent('desde el 12/11/2026');
    await waitFor(() => expect(ultimoAviso()).toBe('Se activó el enlace de pedidos de Clínica San Martín.'));
  });

  it('«Copiar» puts the URL in the clipboard', async () => {
    const writeText = vi.fn((_t: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    abrir({ [`GET ${RUTA}`]: ACTIVO });
    fireEvent.click(await screen.findByTestId('enlace-solicitudes-copiar'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_A));
    await waitFor(() => expect(ultimoAviso()).toBe('Enlace copiado.'));
  });

  it('«Renovar enlace» asks first: «Cancelar» keeps it; «Renovar» gets a new one', async () => {
    const llamadas = abrir({
      [`GET ${RUTA}`]: ACTIVO,
      [`POST ${RUTA}`]: makeEnlace({ activo: true, url: URL_B, creado: EL_12_DE_NOVIEMBRE + 86_400_000 }),
    });
    fireEvent.click(await screen.findByTestId('enlace-solicitudes-renovar'));
    await responderConfirmacion('Cancelar');
    expect(llamadas.de('POST', RUTA)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('enlace-solicitudes-renovar'));
    await responderConfirmacion('Renovar');
    await waitFor(() => expect(screen.getByTestId('enlace-solicitudes-url')).toHaveValue(URL_B));
    expect(llamadas.de('POST', RUTA)).toHaveLength(1);
    await waitFor(() => expect(ultimoAviso()).toBe('Enlace renovado. El anterior ya no funciona.'));
  });

  it('«Desactivar» asks first, then turns it off', async () => {
    const llamadas = abrir({ [`GET ${RUTA}`]: ACTIVO, [`DELETE ${RUTA}`]: makeEnlace() });
    fireEvent.click(await screen.findByTestId('enlace-solicitudes-desactivar'));
    await responderConfirmacion('Cancelar');
    expect(llamadas.de('DELETE', RUTA)).toHaveLength(0);
    expect(screen.getByTestId('enlace-solicitudes-url')).toHaveValue(URL_A);

    fireEvent.click(screen.getByTestId('enlace-solicitudes-desactivar'));
    await responderConfirmacion('Desactivar');
    expect(await screen.findByTestId('enlace-solicitudes-inactivo')).toBeInTheDocument();
    expect(llamadas.de('DELETE', RUTA)).toHaveLength(1);
    expect(screen.queryByTestId('enlace-solicitudes-url')).toBeNull();
  });

  it('offers a retry when it could not be read', async () => {
    let fallar = true;
    abrir({ [`GET ${RUTA}`]: () => (fallar ? errorDelServidor(500, 'falla') : ACTIVO) });
    const error = await screen.findByTestId('enlace-solicitudes-error');
    fallar = false;
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('enlace-solicitudes-url')).toHaveValue(URL_A);
  });

  it('is not shown, nor read, to who is not an administrator', async () => {
    const supervisor = makeUsuario({ roles: ['SUPERVISOR'], globales: TODOS_LOS_PERMISOS });
    const llamadas = abrir({ [`GET ${RUTA}`]: ACTIVO }, supervisor);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('enlace-solicitudes')).toBeNull();
    expect(llamadas).toHaveLength(0);
  });
});
