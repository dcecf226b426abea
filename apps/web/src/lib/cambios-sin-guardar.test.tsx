import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { responderConfirmacion } from '../test/ionic';
import { renderConApp } from '../test/render';
import { useCambiosSinGuardar } from './cambios-sin-guardar';

/** A form reduced to its dirtiness: a button makes it dirty, another clean. */
function Formulario() {
  const [sucio, setSucio] = useState(false);
  useCambiosSinGuardar(sucio);
  return (
    <>
      <button type="button" onClick={() => setSucio(true)}>
        escribir
      </button>
      <button type="button" onClick={() => setSucio(false)}>
        borrar
      </button>
    </>
  );
}

type Accion = (siguiente: () => void) => void;

/** Android's back button as Ionic dispatches it: the handlers registered, by priority. */
function botonVolver(): { prioridad: number; accion: Accion }[] {
  const registrados: { prioridad: number; accion: Accion }[] = [];
  const evento = new CustomEvent('ionBackButton', {
    detail: { register: (prioridad: number, accion: Accion) => registrados.push({ prioridad, accion }) },
  });
  document.dispatchEvent(evento);
  return registrados;
}

describe('Android back button (Ionic ionBackButton)', () => {
  it('is left to the router while the form is clean; with changes it asks, and «Descartar» goes back', async () => {
    const atras = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    renderConApp(<Formulario />);
    // Ionic's router takes the button at priority 0; nothing of this form above it.
    expect(botonVolver().filter((r) => r.prioridad > 0)).toEqual([]);

    fireEvent.click(screen.getByText('escribir'));
    const [propio] = await waitFor(() => {
      const r = botonVolver().filter((x) => x.prioridad > 0);
      if (r.length === 0) throw new Error('sin manejador');
      return r;
    });
    // Under the menu (99) and the overlays (100): an open alert is closed by the button first.
    expect(propio!.prioridad).toBeLessThan(99);

    const siguiente = vi.fn();
    act(() => propio!.accion(siguiente));
    await responderConfirmacion('Seguir editando');
    expect(atras).not.toHaveBeenCalled();
    expect(siguiente).not.toHaveBeenCalled();

    act(() => propio!.accion(siguiente));
    await responderConfirmacion('Descartar');
    expect(atras).toHaveBeenCalledTimes(1);
  });

  it('stops asking once the form is clean again', async () => {
    renderConApp(<Formulario />);
    fireEvent.click(screen.getByText('escribir'));
    await waitFor(() => expect(botonVolver().some((r) => r.prioridad > 0)).toBe(true));
    fireEvent.click(screen.getByText('borrar'));
    await waitFor(() => expect(botonVolver().some((r) => r.prioridad > 0)).toBe(false));
  });
});
