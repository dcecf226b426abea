import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ordenesKeys } from '../../../domain/orden';
import { simularServidor } from '../../../test/servidor';
import { useGuardarCliente } from '../clients/api/guardar-cliente';
import { useGuardarUsuario } from '../users/api/guardar-usuario';
import { makeCliente, makeUsuarioAdmin } from './pruebas';

// Inicio stays mounted under these screens (Ionic keeps the page): its «Primeros pasos» card must
// ask again once the first client or the first colleague exists.
function conCliente(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

function conPasos(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ordenesKeys.primerosPasos(), {
    hayClientes: false,
    hayOtrosUsuarios: false,
    hayOrdenes: false,
  });
  return queryClient;
}

describe('«Primeros pasos» after a save in administration', () => {
  it('a client saved makes the steps ask again', async () => {
    simularServidor({
      'POST /api/v2/cliente': makeCliente(5, 'Panadería Don José'),
      'GET /api/v2/clientes': [],
    });
    const queryClient = conPasos();
    const { result } = renderHook(() => useGuardarCliente(), { wrapper: conCliente(queryClient) });
    await act(() => result.current.mutateAsync({ nombre: 'Panadería Don José' }));
    expect(queryClient.getQueryState(ordenesKeys.primerosPasos())?.isInvalidated).toBe(true);
  });

  it('a user saved makes the steps ask again', async () => {
    simularServidor({
      'POST /api/v4/usuario': makeUsuarioAdmin({ id: 8, usuario: 'jperez' }),
    });
    const queryClient = conPasos();
    const { result } = renderHook(() => useGuardarUsuario(), { wrapper: conCliente(queryClient) });
    await act(() =>
      result.current.mutateAsync({
        usuario: 'jperez',
        nombre: 'Juan',
        apellido: 'Pérez',
        email: 'juan@example.com',
        roles: [3],
        password: 'eb6bc90afb1de3b7e8a41c1afa38ee01',
      }),
    );
    expect(queryClient.getQueryState(ordenesKeys.primerosPasos())?.isInvalidated).toBe(true);
  });
});
