import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { configurarBandeja, enviarOEncolar, procesarBandeja } from '../../../lib/outbox';
import { usarAlmacen } from '../../../lib/outbox/almacen';
import { renderConApp } from '../../../test/render';
import { CambiosPendientes } from './cambios-pendientes';

function enLinea(valor: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => valor });
}

let enviados: unknown[];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  usarAlmacen(createStore('prueba-indicador', 'cambios'));
  enviados = [];
  configurarBandeja({
    enviar: async (c) => {
      enviados.push(c.cuerpo);
      if ((c.cuerpo as { estado: number }).estado === 3) {
        throw new ApiError(409, 'TRANSICION_INVALIDA', 'No se puede pasar de Cancelada a En espera.');
      }
      return {};
    },
    usuarioId: () => 7,
  });
});
afterEach(() => {
  configurarBandeja(null);
  usarAlmacen(null);
  enLinea(true);
});

describe('cambios pendientes', () => {
  it('no se muestra sin cambios; con cambios dice cuántos, y un rechazo se ve con su motivo y se corrige', async () => {
    renderConApp(<CambiosPendientes />);
    expect(screen.queryByTestId('cambios-pendientes')).not.toBeInTheDocument();

    enLinea(false);
    await act(async () => {
      await enviarOEncolar({
        tipo: 'estado',
        ordenId: 12,
        descripcion: 'Orden #12 · Estado → En espera',
        cuerpo: { estado: 3, comentarios: 'Falta un repuesto' },
      });
      await enviarOEncolar({
        tipo: 'registro',
        ordenId: 12,
        descripcion: 'Orden #12 · Registrar 1 h',
        cuerpo: { horas: [] },
      });
    });
    expect(await screen.findByTestId('cambios-pendientes')).toHaveAccessibleName('2 cambios pendientes');

    enLinea(true);
    await act(() => procesarBandeja());
    const indicador = screen.getByTestId('cambios-pendientes');
    expect(indicador).toHaveAccessibleName('2 cambios pendientes, 1 rechazado');

    await userEvent.click(indicador);
    expect(await screen.findByTestId('bandeja-error')).toHaveTextContent('No se puede pasar de Cancelada a En espera.');
    expect(screen.getAllByTestId('bandeja-item')).toHaveLength(2);

    await userEvent.click(screen.getByTestId('bandeja-corregir'));
    await userEvent.selectOptions(screen.getByTestId('bandeja-estado'), 'Pendiente');
    await userEvent.click(screen.getByTestId('bandeja-reenviar'));
    await waitFor(() => expect(screen.queryByTestId('cambios-pendientes')).not.toBeInTheDocument());
    // The fixed one (state 1) and the one that waited behind it went out, in order.
    expect(enviados.slice(-2)).toEqual([{ estado: 1, comentarios: 'Falta un repuesto' }, { horas: [] }]);
  });

  it("says when each change was made on the company's clock, as the rest of the app, whatever the phone's zone", async () => {
    const zonaDelTelefono = process.env.TZ;
    process.env.TZ = 'Europe/Madrid';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T05:21:00Z'));
    try {
      renderConApp(<CambiosPendientes />);
      enLinea(false);
      await act(async () => {
        await enviarOEncolar({
          tipo: 'registro',
          ordenId: 12,
          descripcion: 'Orden #12 · Registrar 1 h',
          cuerpo: { horas: [] },
        });
      });
      await userEvent.click(await screen.findByTestId('cambios-pendientes'));
      // 05:21 UTC is 02:21 in Buenos Aires (the company's zone) and 06:21 in Madrid.
      expect(await screen.findByTestId('bandeja-item')).toHaveTextContent('01/12/2026 02:21 · Pendiente de envío');
    } finally {
      vi.useRealTimers();
      process.env.TZ = zonaDelTelefono;
    }
  });
});
