import type { RegistroOrden } from '@delego/contract';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { configurarBandeja, leerBandeja } from '../../../lib/outbox';
import { usarAlmacen } from '../../../lib/outbox/almacen';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { simularServidor } from '../../../test/servidor';
import { DIEGO, makeOrden } from '../../files/test-utils';
import { iniciarTemporizador, leerTemporizador } from '../model/temporizador';
import { RegistroDeOrden } from './registro-historial-page';

const REGISTRO: RegistroOrden = {
  ordenId: 42,
  horas: [],
  gastos: [],
  totales: { minutos: 0, horas: '0:00', gastos: [] },
  puedeAgregar: true,
  puedeCargarAOtros: false,
};

afterEach(() => localStorage.clear());

describe('temporizador sin conexión', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    usarAlmacen(createStore('prueba-temporizador', 'cambios'));
    configurarBandeja({ enviar: async () => ({}), usuarioId: () => DIEGO.id });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    configurarBandeja(null);
    usarAlmacen(null);
  });

  it('the stopped time goes to the outbox like any hours entry, and the timer stops', async () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    iniciarTemporizador(DIEGO.id, 42, 12, Date.now() - (2 * 60 + 29) * 60_000 - 40_000);
    const usuario = { ...makeOperario(), id: DIEGO.id, usuario: DIEGO.usuario };
    guardarSesion({ usuario, md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    renderConApp(<RegistroDeOrden registro={REGISTRO} />, { usuario, queryClient: crearQueryClient() });
    fireEvent.click(screen.getByTestId('temporizador-detener'));
    await waitFor(() => expect(screen.getByTestId('horas-minutos')).toMatchObject({ value: '30' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Registrar horas' }));
    await waitFor(() => expect(leerTemporizador(DIEGO.id)).toBeNull());
    const [cambio] = leerBandeja().cambios;
    expect(cambio).toMatchObject({ tipo: 'registro', ordenId: 42, cuerpo: { horas: [{ horas: 2, minutos: 30 }] } });
    await screen.findByTestId('registro-hora-pendiente');
    await waitFor(() => expect(document.querySelector('form.registro-form')).toBeNull());
  });
});
