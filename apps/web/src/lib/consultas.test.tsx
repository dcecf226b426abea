import { RUTAS } from '@delego/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { simularServidor } from '../test/servidor';
import { consultaDe, consultaPorId, mutacionDe } from './consultas';

const PRIORIDAD = { id: 1, nombre: 'Alta', nivel: 3, color: '#f00' };

function conCliente(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

function nuevoCliente(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
}

describe('consultaDe / consultaPorId', () => {
  it('fetches the route under its key and validates the answer', async () => {
    const llamadas = simularServidor({ 'GET /api/v2/prioridades': [PRIORIDAD] });
    const queryClient = nuevoCliente();
    const prioridades = consultaDe(RUTAS.prioridades, ['prueba', 'prioridades']);
    const { result } = renderHook(() => prioridades.useConsulta(), { wrapper: conCliente(queryClient) });
    await waitFor(() => expect(result.current.data).toEqual([PRIORIDAD]));
    expect(llamadas.de('GET', '/api/v2/prioridades')).toHaveLength(1);
    expect(queryClient.getQueryData(['prueba', 'prioridades'])).toEqual([PRIORIDAD]);
  });

  it("keeps the app's default staleTime unless the file gives one, and marks silent errors", () => {
    const queryClient = nuevoCliente();
    const sinPlazo = consultaDe(RUTAS.prioridades, ['a']).opciones();
    expect('staleTime' in sinPlazo).toBe(false);
    expect(queryClient.defaultQueryOptions(sinPlazo).staleTime).toBe(30_000);
    const conPlazo = consultaPorId(RUTAS.historial, (id) => ['h', id], { staleTime: 0, errorSilencioso: true });
    expect(conPlazo.opciones(3)).toMatchObject({ queryKey: ['h', 3], staleTime: 0, meta: { errorSilencioso: true } });
  });

  it('fetches nothing while the argument is null or the hook is not enabled', () => {
    const llamadas = simularServidor({ 'GET /api/v2/historial/detalle/5': [] });
    const historial = consultaPorId(RUTAS.historial, (id) => ['historial', id]);
    const wrapper = conCliente(nuevoCliente());
    const nulo = renderHook(() => historial.useConsulta(null), { wrapper });
    const apagado = renderHook(() => historial.useConsulta(5, { habilitada: false }), { wrapper });
    expect(nulo.result.current.fetchStatus).toBe('idle');
    expect(apagado.result.current.fetchStatus).toBe('idle');
    expect(llamadas).toHaveLength(0);
  });

  it('an answer that does not fit the route is an error, not data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    simularServidor({ 'GET /api/v2/prioridades': [{ id: 'uno' }] });
    const prioridades = consultaDe(RUTAS.prioridades, ['prueba', 'mal']);
    const { result } = renderHook(() => prioridades.useConsulta(), { wrapper: conCliente(nuevoCliente()) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
  });
});

describe('mutacionDe', () => {
  it('calls the route with the params of the variables, then gives the answer to alResponder', async () => {
    const llamadas = simularServidor({ 'DELETE /api/v2/orden/7': { ok: true } });
    const alResponder = vi.fn();
    const eliminar = mutacionDe(RUTAS.eliminarOrden, (id: number) => ({ params: { id } }), {
      errorSilencioso: true,
      alResponder,
    });
    const queryClient = nuevoCliente();
    const { result } = renderHook(() => eliminar.useMutacion(), { wrapper: conCliente(queryClient) });
    await act(() => result.current.mutateAsync(7));
    expect(llamadas.de('DELETE', '/api/v2/orden/7')).toHaveLength(1);
    expect(alResponder).toHaveBeenCalledWith(queryClient, { ok: true }, 7);
    expect(queryClient.getMutationCache().getAll()[0]?.meta).toEqual({ errorSilencioso: true });
  });
});
