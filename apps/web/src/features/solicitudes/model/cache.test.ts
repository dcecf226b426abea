import type { Solicitud } from '@delego/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { planKeys } from '../../../domain/plans';
import { solicitudAtendida } from './cache';

describe('solicitudAtendida', () => {
  it('an accepted request reads again the plan panel’s «N programadas de M disponibles»', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(planKeys.proyeccionCupo(), { programadas: 5, disponibles: 99, esperandoCupo: 0 });
    solicitudAtendida(queryClient, { id: 3, orden: { id: 362, numero: 322 } } as unknown as Solicitud);
    expect(queryClient.getQueryState(planKeys.proyeccionCupo())?.isInvalidated).toBe(true);
  });
});
