import { MENSAJES_EXTERNO, MENSAJE_NUMERO_WHATSAPP, type EnlaceExterno } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordenesKeys } from '../../../domain/orden';
import { escucharErrores } from '../../../lib/errors';
import { makeSupervisor } from '../../../test/factories';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { aviso, escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { DIA, EL_12_DE_NOVIEMBRE, makeEnlaceExterno, makeEnlaceInactivo, makeEnlacesOrden, TOKEN } from '../test-utils';
import { ExternosDeOrden } from './externos-de-orden';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const LISTA = '/api/v4/externos/orden/42';
const AHORA = EL_12_DE_NOVIEMBRE + 3 * DIA;

beforeEach(() => {
  // «Vence»/«Venció» are read against the clock; the timers stay real (Ionic needs them).
  vi.spyOn(Date, 'now').mockReturnValue(AHORA);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function abrir(respuestas: Record<string, Respuesta>) {
  const llamadas = simularServidor(respuestas);
  const app = renderConApp(<ExternosDeOrden ordenId={42} />, { usuario: makeSupervisor(), ruta: '/orden/42' });
  return { llamadas, ...app };
}

const filas = () => screen.findAllByTestId('externos-fila').then((f) => f.map((fila) => within(fila)));

function simularPortapapeles(falla = false) {
  const writeText = vi.fn((_t: string) => (falla ? Promise.reject(new Error('denegado')) : Promise.resolve()));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

const formulario = () => screen.getByRole('form', { name: 'Entregar a un externo' });

describe('«Externos» on the order detail (issue 33 part 2)', () => {
  it('lists an active, a revoked and a rejected link, each with what it may do', async () => {
    abrir({
      [`GET ${LISTA}`]: makeEnlacesOrden([
        makeEnlaceExterno({ respuesta: 'aceptada', respondido: EL_12_DE_NOVIEMBRE + DIA }),
        makeEnlaceInactivo({
          id: 6,
          nombre: 'Pedro Ruiz',
          email: null,
          revocado: EL_12_DE_NOVIEMBRE - DIA,
          revocadoPor: 'Luis Sosa',
          creado: EL_12_DE_NOVIEMBRE - 2 * DIA,
        }),
        makeEnlaceInactivo({
          id: 5,
          nombre: 'Marta Díaz',
          whatsapp: null,
          respuesta: 'rechazada',
          motivo: '<b>x</b>',
          vence: AHORA + 10 * DIA,
          creado: EL_12_DE_NOVIEMBRE - 3 * DIA,
        }),
      ]),
    });
    const [activo, revocado, rechazado] = await filas();

    // The active one: its link to copy or share, «Revocar»; no end yet, so no «Renovar».
    expect(activo!.getByTestId('externos-fila-nombre')).toHaveTextContent('Juan Gómez');
    expect(activo!.getByTestId('externos-contacto')).toHaveTextContent('juan@ejemplo.com · +5491123456789');
    expect(activo!.getByTestId('externos-estado')).toHaveTextContent('Activo');
    expect(activo!.getByTestId('externos-respuesta')).toHaveTextContent('Aceptada');
    expect(activo!.getByTestId('externos-entregado')).toHaveTextContent('Entregada el 12/11/2026 10:00 por Ana Pérez');
    expect(activo!.getByTestId('externos-enlace-url')).toHaveProperty(
      'value',
      `https://delego.example/externo/${TOKEN}`,
    );
    expect(activo!.getByTestId('externos-enlace-url')).toHaveProperty('readOnly', true);
    expect(activo!.getByTestId('externos-copiar')).toHaveTextContent('Copiar enlace');
    const whatsapp = activo!.getByTestId('externos-compartir-whatsapp');
    expect(whatsapp.tagName).toBe('A');
    expect(whatsapp).toHaveAttribute('href', makeEnlaceExterno().compartirWhatsapp);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(whatsapp).toHaveTextContent('Compartir por WhatsApp');
    expect(activo!.getByTestId('externos-revocar')).toBeInTheDocument();
    expect(activo!.queryByTestId('externos-renovar')).toBeNull();
    expect(activo!.queryByTestId('externos-vence')).toBeNull();
    expect(activo!.queryByTestId('externos-sin-correo')).toBeNull();

    // The revoked one: when and by whom, and nothing to do with it.
    expect(revocado!.getByTestId('externos-estado')).toHaveTextContent('Revocado');
    expect(revocado!.getByTestId('externos-revocado')).toHaveTextContent('Revocado el 11/11/2026 10:00 por Luis Sosa');
    expect(revocado!.getByTestId('externos-respuesta')).toHaveTextContent('Sin responder');
    for (const id of ['externos-enlace-url', 'externos-copiar', 'externos-compartir-whatsapp', 'externos-revocar']) {
      expect(revocado!.queryByTestId(id)).toBeNull();
    }
    expect(revocado!.queryByTestId('externos-renovar')).toBeNull();

    // The rejected one: the reason as text, literally; not renewable even with an end date.
    const respuesta = rechazado!.getByTestId('externos-respuesta');
    expect(respuesta.textContent).toBe('Rechazada: <b>x</b>');
    expect(respuesta.querySelector('b')).toBeNull();
    expect(rechazado!.getByTestId('externos-estado')).toHaveTextContent('Rechazado');
    expect(rechazado!.getByTestId('externos-vence')).toHaveTextContent('Vence el 25/11/2026 10:00');
    expect(rechazado!.queryByTestId('externos-renovar')).toBeNull();
    expect(rechazado!.queryByTestId('externos-revocar')).toBeNull();

    // An active link: no second hand-over until it is revoked.
    expect(screen.queryByTestId('externos-entregar')).toBeNull();
  });

  it('an expired link says when it ended and offers «Renovar», which renews it', async () => {
    const vencido = makeEnlaceInactivo({ respuesta: 'aceptada', vence: AHORA - DIA });
    const renovado = makeEnlaceExterno({ respuesta: 'aceptada', vence: AHORA + 30 * DIA });
    let renovadoYa = false;
    const { llamadas } = abrir({
      [`GET ${LISTA}`]: () => makeEnlacesOrden([renovadoYa ? renovado : vencido]),
      'POST /api/v4/externos/7/renovar': () => {
        renovadoYa = true;
        return renovado;
      },
    });
    const [fila] = await filas();
    expect(fila!.getByTestId('externos-estado')).toHaveTextContent('Vencido');
    expect(fila!.getByTestId('externos-vence')).toHaveTextContent('Venció el 14/11/2026 10:00');
    expect(fila!.queryByTestId('externos-enlace-url')).toBeNull();
    fireEvent.click(fila!.getByTestId('externos-renovar'));

    await waitFor(() => expect(llamadas.de('POST', '/api/v4/externos/7/renovar')).toHaveLength(1));
    expect(await aviso()).toBe('Se renovó el enlace de Juan Gómez: vence el 15/12/2026 10:00.');
    await waitFor(() => expect(screen.getByTestId('externos-estado')).toHaveTextContent('Activo'));
    expect(screen.getByTestId('externos-vence')).toHaveTextContent('Vence el 15/12/2026 10:00');
    expect(screen.getByTestId('externos-enlace-url')).toBeInTheDocument();
  });

  it('«Revocar» asks first: «Cancelar» keeps the link, «Revocar» calls the server', async () => {
    const revocado = makeEnlaceInactivo({ revocado: AHORA, revocadoPor: 'Ana Pérez' });
    const { llamadas } = abrir({
      [`GET ${LISTA}`]: () =>
        makeEnlacesOrden([llamadas.de('POST', '/api/v4/externos/7/revocar').length ? revocado : makeEnlaceExterno()]),
      'POST /api/v4/externos/7/revocar': revocado,
    });
    fireEvent.click(await screen.findByTestId('externos-revocar'));
    const alerta = await waitFor(() => {
      const a = document.querySelector('ion-alert');
      if (!a) throw new Error('sin confirmación');
      return a;
    });
    expect(alerta.header).toBe('¿Revocar el enlace de Juan Gómez?');
    expect(alerta.message).toBe('Dejará de funcionar en el momento.');
    await responderConfirmacion('Cancelar');
    expect(llamadas.de('POST', '/api/v4/externos/7/revocar')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('externos-revocar'));
    await responderConfirmacion('Revocar');
    await waitFor(() => expect(llamadas.de('POST', '/api/v4/externos/7/revocar')).toHaveLength(1));
    expect(await aviso()).toBe('Se revocó el enlace de Juan Gómez.');
    await waitFor(() => expect(screen.getByTestId('externos-estado')).toHaveTextContent('Revocado'));
    expect(screen.getByTestId('externos-revocado')).toHaveTextContent('Revocado el 15/11/2026 10:00 por Ana Pérez');
    expect(screen.queryByTestId('externos-enlace-url')).toBeNull();
    // No active link any more: the order may be handed over again.
    expect(screen.getByTestId('externos-entregar')).toBeInTheDocument();
  });

  it('«Copiar enlace» puts the link in the clipboard and says so', async () => {
    const writeText = simularPortapapeles();
    abrir({ [`GET ${LISTA}`]: makeEnlacesOrden([makeEnlaceExterno()]) });
    fireEvent.click(await screen.findByTestId('externos-copiar'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`https://delego.example/externo/${TOKEN}`));
    expect(await aviso()).toBe('Enlace copiado');
  });

  it('without links: says so, and offers the hand-over only to who may delegate', async () => {
    abrir({ [`GET ${LISTA}`]: makeEnlacesOrden([], { puedeEntregar: false }) });
    expect(await screen.findByTestId('externos-vacio')).toHaveTextContent(
      'La orden no está entregada a ningún externo.',
    );
    expect(screen.queryByTestId('externos-entregar')).toBeNull();
  });

  it('the form checks each field in Spanish before calling the server', async () => {
    const { llamadas } = abrir({ [`GET ${LISTA}`]: makeEnlacesOrden() });
    fireEvent.click(await screen.findByTestId('externos-entregar'));
    fireEvent.submit(await waitFor(formulario));
    await waitFor(() =>
      expect(screen.getByTestId('externos-nombre')).toMatchObject({ errorText: 'El nombre es obligatorio.' }),
    );
    expect(screen.getByTestId('externos-email')).toMatchObject({ errorText: MENSAJES_EXTERNO.sinContacto });

    escribir(screen.getByTestId('externos-nombre'), 'Juan Gómez');
    escribir(screen.getByTestId('externos-email'), 'juan@');
    escribir(screen.getByTestId('externos-whatsapp'), '12');
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('externos-email')).toMatchObject({ errorText: 'El email no es una dirección válida.' }),
    );
    expect(screen.getByTestId('externos-whatsapp')).toMatchObject({ errorText: MENSAJE_NUMERO_WHATSAPP });
    expect(screen.getByTestId('externos-nombre')).toMatchObject({ errorText: undefined });
    expect(llamadas.de('POST', LISTA)).toHaveLength(0);
  });

  it('hands the order over: the body it sends, the toast, the new link to share and the mail that did not go', async () => {
    const writeText = simularPortapapeles();
    let entregado: EnlaceExterno | null = null;
    const { llamadas } = abrir({
      [`GET ${LISTA}`]: () => makeEnlacesOrden(entregado ? [entregado] : []),
      [`POST ${LISTA}`]: () => {
        entregado = makeEnlaceExterno({ id: 9, correoEnviado: false });
        return entregado;
      },
    });
    fireEvent.click(await screen.findByTestId('externos-entregar'));
    escribir(await screen.findByTestId('externos-nombre'), '  Juan Gómez ');
    escribir(screen.getByTestId('externos-email'), 'juan@ejemplo.com');
    escribir(screen.getByTestId('externos-whatsapp'), '011 15 2345-6789');
    escribir(screen.getByTestId('externos-mensaje'), 'Llevar escalera');
    // What was typed is not lost by leaving the screen without a question.
    expect(hayCambiosSinGuardar()).toBe(true);
    fireEvent.click(screen.getByTestId('externos-confirmar'));

    await waitFor(() => expect(llamadas.de('POST', LISTA)).toHaveLength(1));
    expect(llamadas.de('POST', LISTA)[0]!.cuerpo).toEqual({
      nombre: 'Juan Gómez',
      email: 'juan@ejemplo.com',
      whatsapp: '+5491123456789',
      mensaje: 'Llevar escalera',
    });
    expect(await aviso()).toBe('Se entregó la orden a Juan Gómez.');
    const [fila] = await filas();
    expect(fila!.getByTestId('externos-sin-correo')).toHaveTextContent(
      'No se pudo enviar el correo: comparta el enlace.',
    );
    expect(fila!.getByTestId('externos-compartir-whatsapp')).toBeInTheDocument();
    expect(screen.queryByTestId('externos-formulario')).toBeNull();
    expect(screen.queryByTestId('externos-entregar')).toBeNull();
    expect(hayCambiosSinGuardar()).toBe(false);
    fireEvent.click(fila!.getByTestId('externos-copiar'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`https://delego.example/externo/${TOKEN}`));
  });

  it('shows the server’s 400 at its field; a refusal without one goes to the alert and refreshes the list', async () => {
    let respuesta = errorDelServidor(400, 'El email no es una dirección válida.', 'email');
    let deOtro: EnlaceExterno[] = [];
    abrir({ [`GET ${LISTA}`]: () => makeEnlacesOrden(deOtro), [`POST ${LISTA}`]: () => respuesta });
    fireEvent.click(await screen.findByTestId('externos-entregar'));
    escribir(await screen.findByTestId('externos-nombre'), 'Juan');
    escribir(screen.getByTestId('externos-email'), 'juan@ejemplo.com');
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('externos-email')).toMatchObject({ errorText: 'El email no es una dirección válida.' }),
    );

    // Meanwhile someone else handed it to Pedro: the server refuses, the list shows his link.
    respuesta = errorDelServidor(409, MENSAJES_EXTERNO.yaEntregada);
    deOtro = [makeEnlaceExterno({ id: 8, nombre: 'Pedro Ruiz' })];
    escribir(screen.getByTestId('externos-email'), 'juan@otro.com');
    const alertas: unknown[] = [];
    const dejar = escucharErrores((e) => alertas.push(e));
    fireEvent.submit(formulario());
    await waitFor(() => expect(alertas).toHaveLength(1));
    dejar();
    expect(alertas[0]).toMatchObject({ status: 409, message: MENSAJES_EXTERNO.yaEntregada });
    expect(await screen.findByTestId('externos-fila-nombre')).toHaveTextContent('Pedro Ruiz');
    expect(screen.queryByTestId('externos-formulario')).toBeNull();
  });

  it.each([403, 404])('is not shown to who may not read the links (%i)', async (status) => {
    const { llamadas } = abrir({ [`GET ${LISTA}`]: () => errorDelServidor(status, 'No') });
    await waitFor(() => expect(llamadas.de('GET', LISTA)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('externos-seccion')).toBeNull());
  });

  it('offers a retry when the list could not be read', async () => {
    let fallar = true;
    abrir({ [`GET ${LISTA}`]: () => (fallar ? errorDelServidor(500, 'falla') : makeEnlacesOrden()) });
    const error = await screen.findByTestId('externos-error');
    expect(screen.getByTestId('externos-seccion')).toBeInTheDocument();
    fallar = false;
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('externos-vacio')).toBeInTheDocument();
  });

  it('refetches when the order’s detail is refreshed (its live channel, a change of the order)', async () => {
    let enlaces = [makeEnlaceExterno()];
    const { llamadas, queryClient } = abrir({ [`GET ${LISTA}`]: () => makeEnlacesOrden(enlaces) });
    expect(await screen.findByTestId('externos-estado')).toHaveTextContent('Activo');
    enlaces = [makeEnlaceExterno({ respuesta: 'rechazada', motivo: 'No llego', activo: false, url: null })];
    await queryClient.invalidateQueries({ queryKey: ordenesKeys.detalle(42) });
    await waitFor(() => expect(screen.getByTestId('externos-respuesta')).toHaveTextContent('Rechazada: No llego'));
    expect(llamadas.de('GET', LISTA)).toHaveLength(2);
  });
});
