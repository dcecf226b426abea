import type { EnlaceExterno, EnlacesExternosOrden } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ordenesKeys } from '../../../domain/orden';
import { externosKeys } from '../keys';

/**
 * The server's answer to a hand-over, revocation or renewal: the link shows at once in the
 * order's list (replaced, or first when new), and the list, the order's detail (a hand-over adds
 * a responsable) and its history (a line for each act) refetch.
 */
export function enlaceCambiado(qc: QueryClient, enlace: EnlaceExterno): void {
  qc.setQueryData<EnlacesExternosOrden>(externosKeys.orden(enlace.ordenId), (lista) => {
    if (!lista) return lista;
    const existe = lista.enlaces.some((e) => e.id === enlace.id);
    const enlaces = existe ? lista.enlaces.map((e) => (e.id === enlace.id ? enlace : e)) : [enlace, ...lista.enlaces];
    return { ...lista, enlaces };
  });
  // The detail's key holds the list's: this refetches both.
  void qc.invalidateQueries({ queryKey: ordenesKeys.detalle(enlace.ordenId) });
  void qc.invalidateQueries({ queryKey: ordenesKeys.historial(enlace.ordenId) });
}
