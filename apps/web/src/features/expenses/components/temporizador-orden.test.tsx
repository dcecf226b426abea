import type { RegistroOrden } from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { simularServidor } from '../../../test/servidor';
import { DIEGO, makeOrden } from '../../files/test-utils';
import { iniciarTemporizador, leerTemporizador } from '../model/temporizador';
import { RegistroDeOrden } from './registro-historial-page';
import { IndicadorTemporizador } from './temporizador-orden';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
// 12/05/2026 12:00 in Buenos Aires (the company's zone).
const AHORA = Date.parse('2026-05-12T15:00:00Z');
const INICIO = AHORA - ((2 * 60 + 29) * 60_000 + 40_000);

function makeRegistro(parcial: Partial<RegistroOrden> = {}): RegistroOrden {
  return {
    ordenId: 42,
    horas: [],
    gastos: [],
    totales: { minutos: 0, horas: '0:00', gastos: [] },
    puedeAgregar: true,
    puedeCargarAOtros: false,
    ...parcial,
  };
}

function sesion() {
  const usuario = { ...makeOperario(), id: DIEGO.id, usuario: DIEGO.usuario };
  guardarSesion({ usuario, md5: MD5 });
  return usuario;
}

function mostrar(registro = makeRegistro()) {
  const usuario = sesion();
  return renderConApp(<RegistroDeOrden registro={registro} />, {
    usuario,
    ruta: '/registro-historial?id=42',
    queryClient: crearQueryClient(),
  });
}

afterEach(() => localStorage.clear());

describe('temporizador de horas', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AHORA);
  });
  afterEach(() => vi.useRealTimers());

  it('starts on the device, per user and order, and a new screen (a reload) shows it still running', () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    const { unmount } = mostrar();
    fireEvent.click(screen.getByTestId('temporizador-iniciar'));
    expect(leerTemporizador(DIEGO.id)).toMatchObject({ ordenId: 42, inicio: AHORA });
    expect(screen.getByTestId('temporizador-tiempo')).toHaveTextContent('0:00:00');
    unmount();

    vi.setSystemTime(AHORA + 65 * 60_000 + 9_000);
    mostrar();
    expect(screen.getByTestId('temporizador-tiempo')).toHaveTextContent('1:05:09');
    expect(screen.queryByTestId('temporizador-iniciar')).toBeNull();
  });

  it('«Detener» opens the hours form with the time worked and the day; saving logs it and stops the timer', async () => {
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'PUT /api/v2/registro-gastos/42': makeRegistro(),
    });
    iniciarTemporizador(DIEGO.id, 42, 12, INICIO);
    mostrar();
    fireEvent.click(screen.getByTestId('temporizador-detener'));
    await waitFor(() => expect(screen.getByTestId('horas-horas')).toMatchObject({ value: '2' }));
    expect(screen.getByTestId('horas-minutos')).toMatchObject({ value: '30' });
    // Until it is saved the timer keeps running (Cancelar leaves it as it was).
    expect(leerTemporizador(DIEGO.id)).not.toBeNull();
    fireEvent.submit(screen.getByRole('form', { name: 'Registrar horas' }));
    await waitFor(() => expect(leerTemporizador(DIEGO.id)).toBeNull());
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({
      // The day it started (12/05, sent as its noon in the company's zone).
      horas: [{ fecha: AHORA, horas: 2, minutos: 30, descripcion: '' }],
    });
    expect(screen.getByTestId('temporizador-iniciar')).toBeInTheDocument();
    // The form closes once saved.
    await waitFor(() => expect(document.querySelector('form.registro-form')).toBeNull());
  });

  it('«Descartar» asks first and then removes it without logging hours', async () => {
    const llamadas = simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    iniciarTemporizador(DIEGO.id, 42, 12, INICIO);
    mostrar();
    fireEvent.click(screen.getByTestId('temporizador-descartar'));
    await responderConfirmacion('Cancelar');
    expect(leerTemporizador(DIEGO.id)).not.toBeNull();
    fireEvent.click(screen.getByTestId('temporizador-descartar'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(leerTemporizador(DIEGO.id)).toBeNull());
    expect(llamadas.filter((l) => l.metodo === 'PUT')).toHaveLength(0);
  });

  it('one per user: with another order’s running, starting here asks and replaces it only when accepted', async () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    iniciarTemporizador(DIEGO.id, 7, 3, INICIO);
    mostrar();
    expect(screen.getByTestId('temporizador-otro')).toHaveTextContent('Temporizador en marcha en la orden #3.');
    fireEvent.click(screen.getByTestId('temporizador-iniciar'));
    await responderConfirmacion('Cancelar');
    expect(leerTemporizador(DIEGO.id)).toMatchObject({ ordenId: 7 });
    fireEvent.click(screen.getByTestId('temporizador-iniciar'));
    await responderConfirmacion('Empezar aquí');
    await waitFor(() => expect(leerTemporizador(DIEGO.id)).toMatchObject({ ordenId: 42, inicio: AHORA }));
  });

  it('is not offered to who may not log hours', () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    mostrar(makeRegistro({ puedeAgregar: false }));
    expect(screen.queryByTestId('temporizador')).toBeNull();
  });

  it('the header shows a running timer, with the order, and opens its Horas y gastos', () => {
    const usuario = sesion();
    const { unmount } = renderConApp(<IndicadorTemporizador />, { usuario, queryClient: crearQueryClient() });
    expect(screen.queryByTestId('indicador-temporizador')).toBeNull();
    unmount();
    iniciarTemporizador(DIEGO.id, 42, 12, INICIO);
    renderConApp(<IndicadorTemporizador />, { usuario, queryClient: crearQueryClient() });
    const boton = screen.getByTestId('indicador-temporizador');
    expect(boton).toHaveTextContent('2:29');
    expect(boton).toHaveAttribute('aria-label', 'Temporizador en marcha en la orden #12: 2:29:40');
    expect(boton).toHaveAttribute('router-link', '/registro-historial?id=42');
  });
});
