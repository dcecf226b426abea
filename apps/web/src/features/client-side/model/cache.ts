import type { EnlaceCompartido, OrdenDetalle } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ordenesKeys } from '../../../domain/orden';
import { clientePublicoKeys } from '../keys';

/** A change to the share link: the answer is the new state; the history gained a line. */
export function enlaceCambiado(qc: QueryClient, r: EnlaceCompartido, v: number | { id: number }) {
  const id = typeof v === 'number' ? v : v.id;
  qc.setQueryData(clientePublicoKeys.enlace(id), r);
  return qc.invalidateQueries({ queryKey: ordenesKeys.historial(id) });
}

/** A change answered with the order's detail (billing data, delegation). */
export function detalleCambiado(qc: QueryClient, o: OrdenDetalle) {
  qc.setQueryData(ordenesKeys.detalle(o.id), o);
  return Promise.all([
    qc.invalidateQueries({ queryKey: ordenesKeys.historial(o.id) }),
    qc.invalidateQueries({ queryKey: ordenesKeys.listas() }),
  ]);
}
