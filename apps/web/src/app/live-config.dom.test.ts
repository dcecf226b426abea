import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ELIMINAR_ORDEN, ordenesKeys } from '../domain/orden';
import { crearQueryClientDePrueba } from '../test/render';
import { makeOrdenDetalle } from '../test/ordenes';
import { alCambiarOrden } from './live-config';

/** The detail of order 42 on screen (a page reading it), and how many times it was asked for. */
async function detalleEnPantalla() {
  const queryClient = crearQueryClientDePrueba();
  const pedir = vi.fn(() => Promise.resolve(makeOrdenDetalle({ id: 42 })));
  const observador = new QueryObserver(queryClient, { queryKey: ordenesKeys.detalle(42), queryFn: pedir });
  const cerrarPagina = observador.subscribe(() => undefined);
  await vi.waitFor(() => expect(pedir).toHaveBeenCalledTimes(1));
  return { queryClient, pedir, cerrarPagina };
}

describe('orden.eliminada on the live channel', () => {
  it('of an order deleted here: its page, going back, asks nothing of it again, and it leaves the cache', async () => {
    const { queryClient, pedir, cerrarPagina } = await detalleEnPantalla();
    const eliminar = new MutationObserver(queryClient, {
      mutationKey: ELIMINAR_ORDEN,
      mutationFn: (_id: number) => Promise.resolve({ ok: true }),
    });
    await eliminar.mutate(42);

    alCambiarOrden(queryClient, { ordenId: 42, tipo: 'orden.eliminada' });
    await new Promise((r) => setTimeout(r, 50));
    expect(pedir).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(ordenesKeys.detalle(42))).toBeDefined();
    cerrarPagina();
    expect(queryClient.getQueryState(ordenesKeys.detalle(42))).toBeUndefined();
  });

  it('of an order deleted elsewhere: the page on screen asks again and finds out', async () => {
    const { queryClient, pedir, cerrarPagina } = await detalleEnPantalla();
    alCambiarOrden(queryClient, { ordenId: 42, tipo: 'orden.eliminada' });
    await vi.waitFor(() => expect(pedir).toHaveBeenCalledTimes(2));
    cerrarPagina();
  });
});
