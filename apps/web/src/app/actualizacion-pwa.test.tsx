import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActualizacionPwa, TEXTO_VERSION_NUEVA } from './actualizacion-pwa';
import { registrarPwa, type RegistrarPwa } from './registro-pwa';

interface BotonToast {
  text: string;
  role?: string;
  handler?: () => void;
}

function toast(): HTMLIonToastElement | null {
  return document.querySelector('ion-toast[data-testid="actualizacion-pwa"]');
}

/** A registration that hands the test the callback the app gives it. */
function registroFalso() {
  let avisar: ((aplicar: () => void) => void) | undefined;
  const limpiar = vi.fn();
  const registrar: RegistrarPwa = (alHaberNueva) => {
    avisar = alHaberNueva;
    return limpiar;
  };
  return { registrar, limpiar, nuevaVersion: (aplicar: () => void) => act(() => avisar?.(aplicar)) };
}

describe('ActualizacionPwa (issue 17: a new version deployed)', () => {
  it('offers nothing while no new version is waiting', () => {
    const { registrar } = registroFalso();
    render(<ActualizacionPwa registrar={registrar} />);
    expect(toast()?.isOpen ?? false).toBe(false);
  });

  it("offers the new version and 'Actualizar' switches to it", async () => {
    const { registrar, nuevaVersion } = registroFalso();
    const aplicar = vi.fn();
    render(<ActualizacionPwa registrar={registrar} />);
    nuevaVersion(aplicar);
    await waitFor(() => expect(toast()?.isOpen).toBe(true));
    expect(toast()?.message).toBe(TEXTO_VERSION_NUEVA);
    const botones = toast()?.buttons as BotonToast[];
    expect(botones.map((b) => b.text)).toEqual(['Actualizar', 'Ahora no']);
    expect(aplicar).not.toHaveBeenCalled();
    botones[0]?.handler?.();
    expect(aplicar).toHaveBeenCalledTimes(1);
  });

  it("'Ahora no' closes the offer without switching", async () => {
    const { registrar, nuevaVersion } = registroFalso();
    const aplicar = vi.fn();
    render(<ActualizacionPwa registrar={registrar} />);
    nuevaVersion(aplicar);
    await waitFor(() => expect(toast()?.isOpen).toBe(true));
    act(() => {
      toast()?.dispatchEvent(new CustomEvent('didDismiss', { detail: { role: 'cancel' } }));
    });
    await waitFor(() => expect(toast()?.isOpen ?? false).toBe(false));
    expect(aplicar).not.toHaveBeenCalled();
  });

  it('stops watching for versions when it unmounts', () => {
    const { registrar, limpiar } = registroFalso();
    const { unmount } = render(<ActualizacionPwa registrar={registrar} />);
    unmount();
    expect(limpiar).toHaveBeenCalledTimes(1);
  });

  it('registers nothing where the browser has no service worker (jsdom, development)', () => {
    const alHaberNueva = vi.fn();
    const limpiar = registrarPwa(alHaberNueva);
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => limpiar()).not.toThrow();
    expect(alHaberNueva).not.toHaveBeenCalled();
  });
});
