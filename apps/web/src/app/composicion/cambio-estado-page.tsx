import { ESTADO, MENSAJES_CHECKLIST, MENSAJES_CONFORMIDAD } from '@delego/contract';
import { useChecklist } from '../../features/checklists';
import { useConformidad } from '../../features/conformity';
import CambioEstadoPage, { type UsarBloqueos } from '../../features/orders/components/cambio-estado-page';

/**
 * What blocks Finalizada on this order, as the server will say it (issue 31): the required
 * checklist items not done, and the client's conformity when its type asks for it before
 * finishing. The server decides (409 TRANSICION_BLOQUEADA); this shows it before the tap.
 */
const useBloqueosDeEstado: UsarBloqueos = (ordenId) => {
  const checklist = useChecklist(ordenId);
  const conformidad = useConformidad(ordenId);
  const motivos: string[] = [];
  const faltantes = checklist.data?.faltantes ?? [];
  if (faltantes.length > 0) motivos.push(MENSAJES_CHECKLIST.faltanRequeridos(faltantes));
  const c = conformidad.data;
  if (c && c.requerida === 'antes_de_finalizar' && c.estado !== 'conforme') {
    motivos.push(MENSAJES_CONFORMIDAD.requeridaParaFinalizar);
  }
  return motivos.length ? { [ESTADO.FINALIZADA]: motivos.join(' ') } : {};
};

/** Route `cambio-estado`: the orders feature's screen with the rules of the order's paperwork. */
export default function CambioEstadoConReglasPage() {
  return <CambioEstadoPage useBloqueos={useBloqueosDeEstado} />;
}
