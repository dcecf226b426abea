import { MENSAJES } from '@delego/contract';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, notificarError } from '../lib/errors';
import { ErrorFeedback } from './error-feedback';

function alerta(): HTMLIonAlertElement | null {
  return document.querySelector('ion-alert');
}

function toast(): HTMLIonToastElement {
  const el = document.querySelector('ion-toast');
  if (!el) throw new Error('sin toast');
  return el;
}

function simularEnLinea(enLinea: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(enLinea);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorFeedback (SPEC §8)', () => {
  it("shows a reported error in the 'Atención' alert with an OK button", async () => {
    render(<ErrorFeedback />);
    act(() => notificarError(new ApiError(409, 'X', 'La orden ya fue cerrada')));
    await waitFor(() => expect(alerta()).not.toBeNull());
    expect(alerta()).toMatchObject({
      header: 'Atención',
      message: 'La orden ya fue cerrada',
      buttons: ['OK'],
      isOpen: true,
    });
  });

  it("shows 'Ocurrió un error inesperado' for an error without a message for people", async () => {
    render(<ErrorFeedback />);
    act(() => notificarError(new TypeError('x is undefined')));
    await waitFor(() => expect(alerta()?.message).toBe('Ocurrió un error inesperado'));
  });

  it('shows the next error once the first one is dismissed', async () => {
    render(<ErrorFeedback />);
    act(() => {
      notificarError(new ApiError(500, 'X', 'Primero'));
      notificarError(new ApiError(500, 'X', 'Segundo'));
      notificarError(new ApiError(500, 'X', 'Primero'));
    });
    await waitFor(() => expect(alerta()?.message).toBe('Primero'));
    act(() => {
      alerta()?.dispatchEvent(new CustomEvent('didDismiss', { detail: {} }));
    });
    await waitFor(() => expect(alerta()?.message).toBe('Segundo'));
    act(() => {
      alerta()?.dispatchEvent(new CustomEvent('didDismiss', { detail: {} }));
    });
    await waitFor(() => expect(alerta()).toBeNull());
  });

  it("the 'offline' event opens the 3-second offline toast", async () => {
    render(<ErrorFeedback />);
    expect(toast().isOpen).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() => expect(toast().isOpen).toBe(true));
    expect(toast().message).toBe('No hay conexión con el servidor. Los datos pueden estar desactualizados.');
    expect(toast().duration).toBe(3000);
  });

  it('starting offline opens the toast', () => {
    simularEnLinea(false);
    render(<ErrorFeedback />);
    expect(toast().isOpen).toBe(true);
  });

  it('a call that cannot reach the server while offline is the toast, not an alert', async () => {
    render(<ErrorFeedback />);
    simularEnLinea(false);
    act(() => notificarError(new ApiError(0, 'SIN_CONEXION', MENSAJES.sinServidor)));
    await waitFor(() => expect(toast().isOpen).toBe(true));
    expect(alerta()).toBeNull();
  });
});
