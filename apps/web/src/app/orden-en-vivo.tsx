import { TOPICOS } from '@delego/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../features/auth';
import { destinosDe, manejadorDe, useSuscripcionEnVivo } from '../lib/live';
import { alCambiarOrden } from './live-config';

/**
 * While an order is on screen, its own live channel (`/orden/{id}`, issue 31): another person's
 * checklist answer, a state change, a change of the order or its conformity refetches what shows
 * it. Whoever has the company's channel already gets every order's changes there: no second
 * subscription for them.
 */
export function useOrdenEnVivo(ordenId: number): void {
  const queryClient = useQueryClient();
  const { usuario } = useSession();
  const destino = usuario && !destinosDe(usuario).entidad ? TOPICOS.orden(ordenId) : null;
  const manejador = useMemo(
    () => manejadorDe('orden', (mensaje) => alCambiarOrden(queryClient, mensaje)),
    [queryClient],
  );
  useSuscripcionEnVivo(destino, manejador);
}

/** The order's live channel as a piece of its detail: mounted only once the order was read (it may be seen). */
export function OrdenEnVivo({ ordenId }: { ordenId: number }) {
  useOrdenEnVivo(ordenId);
  return null;
}
