import {
  CANALES_POR_OMISION,
  MENSAJE_NUMERO_WHATSAPP,
  MENSAJE_WHATSAPP_SIN_NUMERO,
  type CanalesUsuario,
  type GuardarCanalesUsuario,
} from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOperario } from '../../../test/factories';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { alternar, escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { EL_12_DE_NOVIEMBRE, makeCanales } from '../test-utils';
import { CanalesDeAviso } from './canales-aviso';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const CANALES = '/api/v4/whatsapp/canales';

/** Renders the section, opens it and waits for the form. */
async function abrir(respuestas: Record<string, Respuesta>) {
  const llamadas = simularServidor(respuestas);
  renderConApp(<CanalesDeAviso />, { usuario: makeOperario(), ruta: '/notificaciones' });
  expect(llamadas).toHaveLength(0);
  fireEvent.click(screen.getByTestId('canales-aviso-abrir'));
  await screen.findByTestId('canales-grilla');
  return llamadas;
}

const casilla = (evento: string, canal: string) => screen.getByTestId(`canal-${evento}-${canal}`);
const formulario = () => screen.getByRole('form', { name: 'Canales de aviso' });
const ultimoAviso = () => document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso')?.message;

describe('Canales de aviso (issue 35)', () => {
  it('shows the four kinds of event by the four channels as saved, and says the test mode plainly', async () => {
    await abrir({
      [`GET ${CANALES}`]: makeCanales({
        eventos: { ...CANALES_POR_OMISION, SLA_POR_VENCER: { app: true, push: false, correo: true, whatsapp: false } },
      }),
    });
    const filas = within(screen.getByTestId('canales-grilla')).getAllByRole('group');
    expect(filas.map((f) => f.textContent)).toEqual([
      'Asignada a ustedEn la appPushCorreoWhatsApp',
      'Cambió de estadoEn la appPushCorreoWhatsApp',
      'SLA por vencerEn la appPushCorreoWhatsApp',
      'Solicitud recibidaEn la appPushCorreoWhatsApp',
    ]);
    // Each box is named by its kind (the group) and its channel.
    expect(screen.getByRole('group', { name: 'SLA por vencer' })).toBe(screen.getByTestId('canales-SLA_POR_VENCER'));
    expect(casilla('SLA_POR_VENCER', 'correo')).toHaveProperty('checked', true);
    expect(casilla('SLA_POR_VENCER', 'push')).toHaveProperty('checked', false);
    expect(casilla('ORDEN_ASIGNADA', 'app')).toHaveProperty('checked', true);
    expect(casilla('ORDEN_ASIGNADA', 'whatsapp')).toHaveProperty('checked', false);
    expect(screen.getByTestId('whatsapp-modo-prueba')).toHaveTextContent(
      'Modo de prueba: los mensajes se guardan en el servidor, no se envían.',
    );
    // Without a number and consent, WhatsApp says what it needs.
    expect(screen.getByTestId('canales-whatsapp-sin-numero')).toHaveTextContent(MENSAJE_WHATSAPP_SIN_NUMERO);
  });

  it('says nothing of a test mode when the installation sends for real', async () => {
    await abrir({ [`GET ${CANALES}`]: makeCanales({ modo: 'real' }) });
    expect(screen.queryByTestId('whatsapp-modo-prueba')).toBeNull();
  });

  it('saves what was ticked, with the number and the consent, and shows the number as the server keeps it', async () => {
    const llamadas = await abrir({
      [`GET ${CANALES}`]: makeCanales(),
      [`PUT ${CANALES}`]: ({ cuerpo }): CanalesUsuario => {
        const c = cuerpo as GuardarCanalesUsuario & { numero: string };
        return { numero: c.numero, optIn: EL_12_DE_NOVIEMBRE, eventos: c.eventos, modo: 'prueba' };
      },
    });
    alternar(casilla('ORDEN_ASIGNADA', 'whatsapp'), true);
    alternar(casilla('ORDEN_ESTADO', 'push'), false);
    alternar(casilla('SLA_POR_VENCER', 'correo'), true);
    escribir(screen.getByTestId('canales-numero'), '011 15 2345-6789');
    alternar(screen.getByTestId('canales-acepta'), true);
    await waitFor(() => expect(screen.queryByTestId('canales-whatsapp-sin-numero')).toBeNull());
    // Not saved yet: the form says so, and leaving the screen would ask first.
    expect(screen.getByTestId('canales-sin-guardar')).toHaveTextContent('Hay cambios sin guardar.');
    expect(hayCambiosSinGuardar()).toBe(true);
    fireEvent.submit(formulario());

    await waitFor(() => expect(llamadas.de('PUT', CANALES)).toHaveLength(1));
    expect(llamadas.de('PUT', CANALES)[0]!.cuerpo).toEqual({
      numero: '+5491123456789',
      acepta: true,
      eventos: {
        ORDEN_ASIGNADA: { app: true, push: true, correo: false, whatsapp: true },
        ORDEN_ESTADO: { app: true, push: false, correo: false, whatsapp: false },
        SLA_POR_VENCER: { app: true, push: true, correo: true, whatsapp: false },
        SOLICITUD_RECIBIDA: { app: true, push: true, correo: false, whatsapp: false },
      },
    });
    await waitFor(() => expect(screen.getByTestId('canales-numero')).toHaveProperty('value', '+5491123456789'));
    expect(await screen.findByTestId('canales-acepto-el')).toHaveTextContent('Aceptó el 12/11/2026.');
    await waitFor(() => expect(ultimoAviso()).toBe('Se guardaron sus canales de aviso.'));
    // Saved: nothing left to lose.
    expect(hayCambiosSinGuardar()).toBe(false);
    expect(screen.queryByTestId('canales-sin-guardar')).toBeNull();
  });

  it('the button says it saves the channels; a tick not saved asks before it is lost', async () => {
    const llamadas = await abrir({ [`GET ${CANALES}`]: makeCanales() });
    const guardar = screen.getByTestId('canales-guardar');
    expect(guardar).toHaveTextContent('Guardar canales');
    expect(hayCambiosSinGuardar()).toBe(false);

    alternar(casilla('ORDEN_ESTADO', 'correo'), true);
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    // Untouching it leaves nothing to lose.
    alternar(casilla('ORDEN_ESTADO', 'correo'), false);
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));

    // «Ocultar» drops the form: with a tick not saved it asks.
    alternar(casilla('ORDEN_ESTADO', 'correo'), true);
    fireEvent.click(screen.getByTestId('canales-aviso-abrir'));
    await responderConfirmacion('Seguir editando');
    expect(casilla('ORDEN_ESTADO', 'correo')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByTestId('canales-aviso-abrir'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.queryByTestId('canales-grilla')).toBeNull());
    expect(hayCambiosSinGuardar()).toBe(false);
    expect(llamadas.de('PUT', CANALES)).toHaveLength(0);
  });

  it('does not send WhatsApp without a number and consent, nor a number that is not one', async () => {
    const llamadas = await abrir({ [`GET ${CANALES}`]: makeCanales(), [`PUT ${CANALES}`]: makeCanales() });
    alternar(casilla('ORDEN_ASIGNADA', 'whatsapp'), true);
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('canales-numero')).toMatchObject({ errorText: MENSAJE_WHATSAPP_SIN_NUMERO }),
    );

    escribir(screen.getByTestId('canales-numero'), '+54 9 11 2345-6789');
    fireEvent.submit(formulario());
    // The number is there: what is missing now is the consent, said under its box.
    const sinConsentimiento = await screen.findByRole('alert');
    expect(sinConsentimiento).toHaveTextContent(MENSAJE_WHATSAPP_SIN_NUMERO);

    alternar(screen.getByTestId('canales-acepta'), true);
    escribir(screen.getByTestId('canales-numero'), '12');
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('canales-numero')).toMatchObject({ errorText: MENSAJE_NUMERO_WHATSAPP }),
    );
    expect(llamadas.de('PUT', CANALES)).toHaveLength(0);
  });

  it('shows the server’s 400 at the number, changing nothing on screen', async () => {
    const rechazo = 'Ese número no es un celular de WhatsApp válido.';
    const llamadas = await abrir({
      [`GET ${CANALES}`]: makeCanales(),
      [`PUT ${CANALES}`]: () => errorDelServidor(400, rechazo, 'numero'),
    });
    escribir(screen.getByTestId('canales-numero'), '+54 9 11 2345-6789');
    alternar(screen.getByTestId('canales-acepta'), true);
    fireEvent.submit(formulario());
    await waitFor(() => expect(llamadas.de('PUT', CANALES)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('canales-numero')).toMatchObject({ errorText: rechazo }));
    expect(screen.getByTestId('canales-numero')).toHaveProperty('value', '+54 9 11 2345-6789');
    expect(screen.getByTestId('canales-acepta')).toHaveProperty('checked', true);
    // No alert: the message is at its field.
    expect(document.querySelector('ion-alert')).toBeNull();
  });

  it('a refusal that names a box of the grid shows under the grid', async () => {
    await abrir({
      [`GET ${CANALES}`]: makeCanales({ numero: '+5491123456789', optIn: EL_12_DE_NOVIEMBRE }),
      [`PUT ${CANALES}`]: () => errorDelServidor(400, 'Elija al menos un canal.', 'eventos.ORDEN_ASIGNADA.app'),
    });
    fireEvent.submit(formulario());
    expect(await screen.findByRole('alert')).toHaveTextContent('Elija al menos un canal.');
  });

  it('offers to read the channels again when they could not be read', async () => {
    let fallar = true;
    await abrirSinForm({
      [`GET ${CANALES}`]: () => (fallar ? errorDelServidor(500, 'falla') : makeCanales()),
    });
    const error = await screen.findByTestId('canales-aviso-error');
    expect(error).toHaveTextContent('No se pudieron leer sus canales de aviso.');
    fallar = false;
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('canales-grilla')).toBeInTheDocument();
  });
});

async function abrirSinForm(respuestas: Record<string, Respuesta>) {
  simularServidor(respuestas);
  renderConApp(<CanalesDeAviso />, { usuario: makeOperario(), ruta: '/notificaciones' });
  fireEvent.click(screen.getByTestId('canales-aviso-abrir'));
}
