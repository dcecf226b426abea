import type { OrdenDetalle } from '@delego/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ordenCreada } from '../../domain/orden';
import { mantenimientoKeys } from './keys';

/** The side menu's «5 programadas de 99 disponibles» after a new order takes one from the quota. */
function conProyeccionLeida() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(mantenimientoKeys.proyeccion(), { programadas: 5, disponibles: 99, esperandoCupo: 0 });
  const vencida = () => queryClient.getQueryState(mantenimientoKeys.proyeccion())?.isInvalidated;
  expect(vencida()).toBe(false);
  return { queryClient, vencida };
}

describe('the plan panel’s projection of scheduled orders', () => {
  it('is read again after an order is created from the form', () => {
    const { queryClient, vencida } = conProyeccionLeida();
    ordenCreada(queryClient, { id: 361 } as OrdenDetalle);
    expect(vencida()).toBe(true);
  });
});
