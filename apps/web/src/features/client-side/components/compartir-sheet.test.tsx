import type { EnlaceCompartido } from '@delego/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { makeOperario } from '../../../test/factories';
import { alternar, aviso, escribir, responderConfirmacion } from '../../../test/ionic';
import { crearQueryClientDePrueba, renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { makeArchivo, makeOrden } from '../../files/test-utils';
import { CompartirSheet, mensajeWhatsapp } from './compartir-sheet';

const URL_A = 'https://delego.test/ordersummary/tok-primero_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const URL_B = 'https://delego.test/ordersummary/tok-segundo_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

const sinEnlace = (cambios: Partial<EnlaceCompartido> = {}): EnlaceCompartido => ({
  activo: false,
  url: null,
  creado: null,
  creadoPor: null,
  archivosCompartidos: [],
  emailCliente: 'compras@muni.test',
  clienteNombre: 'Municipalidad de Rosario',
  ...cambios,
});

const conEnlace = (cambios: Partial<EnlaceCompartido> = {}): EnlaceCompartido =>
  sinEnlace({
    activo: true,
    url: URL_A,
    creado: Date.UTC(2026, 10, 20, 13), // 20/11/2026 10:00 in Argentina
    creadoPor: 'Carla Ruiz',
    ...cambios,
  });

const ARCHIVOS = [
  makeArchivo({ id: 7, nombre: '<b>tablero</b>.jpg' }),
  makeArchivo({ id: 8, nombre: 'plano.pdf', esImagen: false }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function mostrar({
  puede = true,
  orden = makeOrden({ titulo: 'Cambio de bomba' }),
  queryClient = crearQueryClient(),
} = {}) {
  const usuario = makeOperario();
  return renderConApp(
    <>
      <CompartirSheet orden={orden} abierto alCerrar={() => undefined} puede={puede} />
      <ErrorFeedback />
    </>,
    { usuario, ruta: '/orden/42', queryClient },
  );
}

function simularPortapapeles(falla = false) {
  const writeText = vi.fn((_t: string) => (falla ? Promise.reject(new Error('denegado')) : Promise.resolve()));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('Compartir con el cliente', () => {
  it('without a link, "Crear enlace" calls POST /api/v2/orden/42/compartir and shows the new link', async () => {
    const llamadas = simularServidor({
      'GET /api/v2/orden/42/compartir': sinEnlace(),
      'POST /api/v2/orden/42/compartir': conEnlace(),
      'GET /api/v2/archivos/42': ARCHIVOS,
    });
    mostrar();

    expect(await screen.findByTestId('compartir-sin-enlace')).toHaveTextContent(
      'Esta orden no tiene un enlace público activo.',
    );
    expect(screen.queryByTestId('compartir-url')).toBeNull();
    // Without an active link there is nothing to choose files for.
    expect(screen.queryByTestId('compartir-archivos')).toBeNull();

    fireEvent.click(screen.getByTestId('compartir-crear'));
    expect(await screen.findByTestId('compartir-url')).toHaveValue(URL_A);
    expect(llamadas.de('POST', '/api/v2/orden/42/compartir')).toHaveLength(1);
    expect(screen.getByTestId('compartir-enlace')).toHaveTextContent('Creado el 20/11/2026 10:00 por Carla Ruiz.');
    expect(screen.queryByTestId('compartir-sin-enlace')).toBeNull();
  });

  it('"Copiar" puts the exact URL in the clipboard and says so', async () => {
    simularServidor({ 'GET /api/v2/orden/42/compartir': conEnlace(), 'GET /api/v2/archivos/42': ARCHIVOS });
    const writeText = simularPortapapeles();
    mostrar();

    fireEvent.click(await screen.findByTestId('compartir-copiar'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_A));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(await aviso()).toBe('Enlace copiado.');
  });

  it('when the clipboard is refused, selects the link and tells how to copy it', async () => {
    simularServidor({ 'GET /api/v2/orden/42/compartir': conEnlace(), 'GET /api/v2/archivos/42': ARCHIVOS });
    simularPortapapeles(true);
    mostrar();

    const campo = (await screen.findByTestId('compartir-url')) as HTMLInputElement;
    fireEvent.click(screen.getByTestId('compartir-copiar'));
    expect(await aviso()).toBe('Seleccionamos el enlace: cópielo con Ctrl+C (o mantenga presionado en el teléfono).');
    expect(campo.selectionStart).toBe(0);
    expect(campo.selectionEnd).toBe(URL_A.length);
  });

  it('WhatsApp opens wa.me with the order and the link, in a new tab', async () => {
    simularServidor({ 'GET /api/v2/orden/42/compartir': conEnlace(), 'GET /api/v2/archivos/42': ARCHIVOS });
    mostrar({ orden: makeOrden({ numero: 1042, titulo: 'Bomba & tablero' }) });

    const boton = await screen.findByTestId('compartir-whatsapp');
    const href = boton.getAttribute('href') ?? '';
    const url = new URL(href);
    expect(url.origin).toBe('https://wa.me');
    expect(url.searchParams.get('text')).toBe(
      `Puede seguir el avance de la orden #1042 («Bomba & tablero») en este enlace: ${URL_A}`,
    );
    // The ampersand of the title is encoded: the link is not cut at it.
    expect(href).not.toContain('Bomba & tablero');
    expect(boton.getAttribute('target')).toBe('_blank');
    expect(boton.getAttribute('rel')).toBe('noopener noreferrer');
    expect(mensajeWhatsapp({ numero: 1, titulo: 'x' }, 'u').endsWith('u')).toBe(true);
  });

  it('"Renovar" asks first; cancelling calls nothing, confirming creates a new link and shows it', async () => {
    const llamadas = simularServidor({
      'GET /api/v2/orden/42/compartir': conEnlace(),
      'POST /api/v2/orden/42/compartir': conEnlace({ url: URL_B }),
      'GET /api/v2/archivos/42': ARCHIVOS,
    });
    mostrar();

    fireEvent.click(await screen.findByTestId('compartir-renovar'));
    await waitFor(() => expect(document.querySelector('ion-alert')?.header).toBe('¿Renovar el enlace?'));
    expect(document.querySelector('ion-alert')?.message).toBe(
      'Se crea un enlace nuevo y el anterior deja de funcionar: quien lo tenga ya no podrá ver la orden.',
    );
    await responderConfirmacion('Cancelar');
    expect(llamadas.some((l) => l.metodo !== 'GET')).toBe(false);
    expect(screen.getByTestId('compartir-url')).toHaveValue(URL_A);

    fireEvent.click(screen.getByTestId('compartir-renovar'));
    await responderConfirmacion('Renovar');
    await waitFor(() => expect(screen.getByTestId('compartir-url')).toHaveValue(URL_B));
    expect(llamadas.filter((l) => l.metodo !== 'GET').map((l) => `${l.metodo} ${l.ruta}`)).toEqual([
      'POST /api/v2/orden/42/compartir',
    ]);
    expect(await aviso()).toBe('Enlace renovado. El anterior ya no funciona.');
  });

  it('"Revocar" asks first and then calls DELETE /api/v2/orden/42/compartir; the sheet goes back to no link', async () => {
    const llamadas = simularServidor({
      'GET /api/v2/orden/42/compartir': conEnlace(),
      'DELETE /api/v2/orden/42/compartir': sinEnlace(),
      'GET /api/v2/archivos/42': ARCHIVOS,
    });
    mostrar();

    fireEvent.click(await screen.findByTestId('compartir-revocar'));
    await waitFor(() => expect(document.querySelector('ion-alert')?.header).toBe('¿Revocar el enlace?'));
    await responderConfirmacion('Cancelar');
    expect(llamadas.some((l) => l.metodo === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByTestId('compartir-revocar'));
    await responderConfirmacion('Revocar');
    expect(await screen.findByTestId('compartir-sin-enlace')).toBeInTheDocument();
    expect(llamadas.filter((l) => l.metodo !== 'GET').map((l) => `${l.metodo} ${l.ruta}`)).toEqual([
      'DELETE /api/v2/orden/42/compartir',
    ]);
    expect(screen.queryByTestId('compartir-url')).toBeNull();
    expect(await aviso()).toBe('Enlace revocado.');
  });

  it('a read-only reader sees and may copy the link, but has no button that changes it', async () => {
    simularServidor({
      'GET /api/v2/orden/42/compartir': conEnlace({ archivosCompartidos: [7] }),
      'GET /api/v2/archivos/42': ARCHIVOS,
    });
    mostrar({ puede: false });

    expect(await screen.findByTestId('compartir-url')).toHaveValue(URL_A);
    expect(screen.getByTestId('compartir-copiar')).toBeInTheDocument();
    expect(screen.getByTestId('compartir-whatsapp')).toBeInTheDocument();
    for (const id of ['compartir-renovar', 'compartir-revocar', 'compartir-enviar-correo', 'compartir-email']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    await waitFor(() => expect(screen.getByTestId('compartir-archivo-7')).toBeInTheDocument());
    expect(screen.getByTestId('compartir-archivo-7')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('compartir-archivo-7')).toHaveProperty('checked', true);
    expect(screen.queryByTestId('compartir-guardar-archivos')).toBeNull();
  });

  it('a read-only reader of an order without a link is not offered to create one', async () => {
    simularServidor({ 'GET /api/v2/orden/42/compartir': sinEnlace() });
    mostrar({ puede: false });
    expect(await screen.findByTestId('compartir-sin-enlace')).toHaveTextContent(
      'Pida a quien puede modificar la orden que cree uno.',
    );
    expect(screen.queryByTestId('compartir-crear')).toBeNull();
  });

  it('an active link that can no longer be shown asks to renew it', async () => {
    simularServidor({ 'GET /api/v2/orden/42/compartir': conEnlace({ url: null }), 'GET /api/v2/archivos/42': [] });
    mostrar();
    expect(await screen.findByTestId('compartir-no-recuperable')).toHaveTextContent(
      'El enlace activo no se puede mostrar otra vez.',
    );
    expect(screen.queryByTestId('compartir-copiar')).toBeNull();
    expect(screen.queryByTestId('compartir-whatsapp')).toBeNull();
    expect(screen.getByTestId('compartir-renovar')).toBeInTheDocument();
    expect(await screen.findByText('La orden no tiene archivos.')).toBeInTheDocument();
  });

  it('mails the link to the email typed, and shows a refused email on the field', async () => {
    const llamadas = simularServidor({
      'GET /api/v2/orden/42/compartir': conEnlace(),
      'GET /api/v2/archivos/42': ARCHIVOS,
      'POST /api/v2/orden/42/compartir/correo': (l) =>
        (l.cuerpo as { email?: string }).email === 'rebota@muni.test'
          ? errorDelServidor(400, 'El email no es una dirección válida.', 'email')
          : { ok: true, mensaje: 'Le enviamos el enlace a otra@muni.test.' },
    });
    mostrar();

    const campo = await screen.findByTestId('compartir-email');
    expect(campo).toHaveProperty('value', 'compras@muni.test');
    expect(campo).toHaveProperty('label', 'Email de Municipalidad de Rosario');

    escribir(campo, 'rebota@muni.test');
    fireEvent.submit(campo.closest('form') as HTMLFormElement);
    await waitFor(() => expect(campo).toHaveProperty('errorText', 'El email no es una dirección válida.'));

    escribir(campo, ' otra@muni.test ');
    expect(campo).toHaveProperty('errorText', undefined);
    fireEvent.submit(campo.closest('form') as HTMLFormElement);
    expect(await aviso()).toBe('Le enviamos el enlace a otra@muni.test.');
    expect(llamadas.de('POST', '/api/v2/orden/42/compartir/correo').map((l) => l.cuerpo)).toEqual([
      { email: 'rebota@muni.test' },
      { email: 'otra@muni.test' },
    ]);
  });

  it('chooses the shared files: names as text, saving sends exactly the ids checked', async () => {
    const llamadas = simularServidor({
      'GET /api/v2/orden/42/compartir': conEnlace({ archivosCompartidos: [8] }),
      'GET /api/v2/archivos/42': ARCHIVOS,
      'PUT /api/v2/orden/42/compartir/archivos': conEnlace({ archivosCompartidos: [8, 7] }),
    });
    mostrar();

    const tablero = await screen.findByTestId('compartir-archivo-7');
    expect(tablero).toHaveTextContent('<b>tablero</b>.jpg');
    expect(within(tablero).queryByText('tablero', { selector: 'b' })).toBeNull();
    expect(tablero).toHaveProperty('checked', false);
    expect(screen.getByTestId('compartir-archivo-8')).toHaveProperty('checked', true);
    // Nothing changed yet: nothing to save.
    expect(screen.getByTestId('compartir-guardar-archivos')).toHaveProperty('disabled', true);

    alternar(tablero, true);
    await waitFor(() => expect(screen.getByTestId('compartir-guardar-archivos')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('compartir-guardar-archivos'));
    await waitFor(() => expect(llamadas.de('PUT', '/api/v2/orden/42/compartir/archivos')).toHaveLength(1));
    expect(llamadas.de('PUT', '/api/v2/orden/42/compartir/archivos')[0]?.cuerpo).toEqual({ archivos: [8, 7] });
    expect(await aviso()).toBe('Archivos compartidos guardados.');
  });

  it('a failed load says so and offers to retry', async () => {
    let veces = 0;
    simularServidor({
      'GET /api/v2/orden/42/compartir': () =>
        ++veces === 1 ? errorDelServidor(500, 'Error interno del servidor.') : sinEnlace(),
    });
    // Without the app's retries of a 5xx, the failure shows at once.
    mostrar({ queryClient: crearQueryClientDePrueba() });
    const error = await screen.findByTestId('ordenes-error');
    expect(error).toHaveTextContent('No se pudieron cargar los datos');
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('compartir-sin-enlace')).toBeInTheDocument();
  });
});
