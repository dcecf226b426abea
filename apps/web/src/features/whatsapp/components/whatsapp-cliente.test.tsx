import type { GuardarWhatsappCliente, WhatsappCliente } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { makeAdmin, makeUsuario, TODOS_LOS_PERMISOS } from '../../../test/factories';
import { alternar, escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { EL_12_DE_NOVIEMBRE, makeWhatsappCliente } from '../test-utils';
import { WhatsappDeCliente } from './whatsapp-cliente';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const RUTA = '/api/v4/whatsapp/clientes/3';
const DIA = 24 * 3_600_000;
const XSS = '<img src=x onerror="window.__xss=1">';

const CON_CONSENTIMIENTO = makeWhatsappCliente({
  numero: '+5491123456789',
  optIn: { fecha: EL_12_DE_NOVIEMBRE, origen: 'verbal', registradoPor: 'Ana Pérez' },
});

function abrir(respuestas: Record<string, Respuesta>, usuario = makeAdmin()) {
  const llamadas = simularServidor(respuestas);
  renderConApp(<WhatsappDeCliente clienteId={3} nombre="Clínica San Martín" />, { usuario, ruta: '/cliente?id=3' });
  return llamadas;
}

const formulario = () => screen.getByRole('form', { name: 'WhatsApp de Clínica San Martín' });
const elegirOrigen = (value: string) =>
  fireEvent(screen.getByTestId('whatsapp-cliente-origen'), new CustomEvent('ionChange', { detail: { value } }));
const ultimoAviso = () => document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso')?.message;

describe('the WhatsApp of a client, on its admin page (issue 35)', () => {
  it('shows the number and the consent in force: when, how and who recorded it', async () => {
    abrir({ [`GET ${RUTA}`]: CON_CONSENTIMIENTO });
    const numero = await screen.findByTestId('whatsapp-cliente-numero');
    expect(numero).toHaveProperty('value', '+5491123456789');
    expect(screen.getByTestId('whatsapp-cliente-acepta')).toHaveProperty('checked', true);
    expect(screen.getByTestId('whatsapp-cliente-origen')).toHaveProperty('value', 'verbal');
    expect(screen.getByTestId('whatsapp-cliente-opt-in')).toHaveTextContent(
      'Aceptó el 12/11/2026 (De palabra), registrado por Ana Pérez.',
    );
    expect(screen.queryByTestId('whatsapp-cliente-opt-out')).toBeNull();
  });

  it('shows an opt-out by the client’s «BAJA» after the consent, and the consent no longer in force', async () => {
    abrir({
      [`GET ${RUTA}`]: {
        ...CON_CONSENTIMIENTO,
        optIn: { fecha: EL_12_DE_NOVIEMBRE, origen: 'mensaje', registradoPor: null },
        optOut: { fecha: EL_12_DE_NOVIEMBRE + 3 * DIA, origen: 'baja' },
      },
    });
    const registro = await screen.findByTestId('whatsapp-cliente-registro');
    expect([...registro.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Aceptó el 12/11/2026 (Escribió primero por WhatsApp).',
      'Dio de baja respondiendo BAJA el 15/11/2026.',
    ]);
    expect(screen.getByTestId('whatsapp-cliente-acepta')).toHaveProperty('checked', false);
    expect(screen.queryByTestId('whatsapp-cliente-origen')).toBeNull();
  });

  it('says an opt-out recorded by the company, and a client with neither', async () => {
    abrir({
      [`GET ${RUTA}`]: makeWhatsappCliente({ optOut: { fecha: EL_12_DE_NOVIEMBRE, origen: 'empresa' } }),
    });
    expect(await screen.findByTestId('whatsapp-cliente-opt-out')).toHaveTextContent(
      'Baja registrada por la empresa el 12/11/2026.',
    );
  });

  it('records a consent: the number and how it was given are required, then the body it sends', async () => {
    let guardado: WhatsappCliente = makeWhatsappCliente();
    const llamadas = abrir({
      [`GET ${RUTA}`]: () => guardado,
      [`PUT ${RUTA}`]: ({ cuerpo }) => {
        const c = cuerpo as GuardarWhatsappCliente & { numero: string };
        guardado = makeWhatsappCliente({
          numero: c.numero,
          optIn: { fecha: EL_12_DE_NOVIEMBRE, origen: 'escrito', registradoPor: `Ana ${XSS}` },
        });
        return guardado;
      },
    });
    expect(await screen.findByTestId('whatsapp-cliente-sin-consentimiento')).toHaveTextContent(
      'Sin consentimiento registrado',
    );
    alternar(screen.getByTestId('whatsapp-cliente-acepta'), true);
    fireEvent.submit(await waitFor(formulario));
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-cliente-numero')).toMatchObject({
        errorText: 'Ingrese el número del cliente.',
      }),
    );
    expect(screen.getByTestId('whatsapp-cliente-origen')).toMatchObject({
      errorText: 'Elija cómo dio el cliente su consentimiento.',
    });

    escribir(screen.getByTestId('whatsapp-cliente-numero'), '0351 15 123-4567');
    elegirOrigen('escrito');
    // Typed and not saved: leaving the client's page asks first.
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    fireEvent.submit(formulario());
    await waitFor(() => expect(llamadas.de('PUT', RUTA)).toHaveLength(1));
    expect(llamadas.de('PUT', RUTA)[0]!.cuerpo).toEqual({ numero: '+5493511234567', optIn: true, origen: 'escrito' });
    // The name of who recorded it is text.
    const optIn = await screen.findByTestId('whatsapp-cliente-opt-in');
    expect(optIn).toHaveTextContent(`registrado por Ana ${XSS}`);
    expect(optIn.querySelector('img')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-cliente-numero')).toHaveProperty('value', '+5493511234567'),
    );
    await waitFor(() => expect(ultimoAviso()).toBe('Se guardó el WhatsApp de Clínica San Martín.'));
    // Saved: nothing left to lose.
    expect(hayCambiosSinGuardar()).toBe(false);
  });

  it('a number typed and typed back to how it was is no change', async () => {
    abrir({ [`GET ${RUTA}`]: CON_CONSENTIMIENTO });
    const numero = await screen.findByTestId('whatsapp-cliente-numero');
    expect(hayCambiosSinGuardar()).toBe(false);
    escribir(numero, '+5491199998888');
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    escribir(numero, '+5491123456789');
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));
  });

  it('turning the consent off asks first; «Cancelar» keeps it, «Dar de baja» saves the opt-out', async () => {
    const llamadas = abrir({
      [`GET ${RUTA}`]: CON_CONSENTIMIENTO,
      [`PUT ${RUTA}`]: makeWhatsappCliente({
        ...CON_CONSENTIMIENTO,
        optOut: { fecha: EL_12_DE_NOVIEMBRE + DIA, origen: 'empresa' },
      }),
    });
    const acepta = await screen.findByTestId('whatsapp-cliente-acepta');
    alternar(acepta, false);
    await responderConfirmacion('Cancelar');
    await waitFor(() => expect(acepta).toHaveProperty('checked', true));

    alternar(acepta, false);
    await responderConfirmacion('Dar de baja');
    await waitFor(() => expect(screen.queryByTestId('whatsapp-cliente-origen')).toBeNull());
    fireEvent.submit(formulario());
    await waitFor(() => expect(llamadas.de('PUT', RUTA)).toHaveLength(1));
    expect(llamadas.de('PUT', RUTA)[0]!.cuerpo).toEqual({ numero: '+5491123456789', optIn: false, origen: null });
    expect(await screen.findByTestId('whatsapp-cliente-opt-out')).toHaveTextContent(
      'Baja registrada por la empresa el 13/11/2026.',
    );
    await waitFor(() => expect(ultimoAviso()).toBe('Clínica San Martín no recibirá avisos por WhatsApp.'));
  });

  it('saving without changes records nothing (a consent is not dated again)', async () => {
    const llamadas = abrir({ [`GET ${RUTA}`]: CON_CONSENTIMIENTO, [`PUT ${RUTA}`]: CON_CONSENTIMIENTO });
    escribir(await screen.findByTestId('whatsapp-cliente-numero'), '+54 9 11 2345-6789');
    fireEvent.submit(formulario());
    await waitFor(() => expect(ultimoAviso()).toBe('No hay cambios para guardar.'));
    expect(llamadas.de('PUT', RUTA)).toHaveLength(0);
  });

  it('shows the server’s 400 at the number', async () => {
    abrir({
      [`GET ${RUTA}`]: CON_CONSENTIMIENTO,
      [`PUT ${RUTA}`]: () => errorDelServidor(400, 'Ese número ya es de otro cliente.', 'numero'),
    });
    escribir(await screen.findByTestId('whatsapp-cliente-numero'), '+54 9 11 5555-0000');
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-cliente-numero')).toMatchObject({
        errorText: 'Ese número ya es de otro cliente.',
      }),
    );
  });

  it('offers a retry when it could not be read', async () => {
    let fallar = true;
    abrir({ [`GET ${RUTA}`]: () => (fallar ? errorDelServidor(500, 'falla') : CON_CONSENTIMIENTO) });
    const error = await screen.findByTestId('whatsapp-cliente-error');
    fallar = false;
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('whatsapp-cliente-opt-in')).toBeInTheDocument();
  });

  it('is not shown, nor read, to who is not an administrator (a supervisor who may edit clients)', async () => {
    const supervisor = makeUsuario({ roles: ['SUPERVISOR'], globales: TODOS_LOS_PERMISOS });
    const llamadas = abrir({ [`GET ${RUTA}`]: CON_CONSENTIMIENTO }, supervisor);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('whatsapp-cliente')).toBeNull();
    expect(llamadas).toHaveLength(0);
  });
});
