import type { OrdenDetalle } from '@delego/contract';
import { ChecklistDeOrden } from '../../features/checklists';
import { ClienteDeOrden } from '../../features/client-side';
import { ConformidadDeOrden } from '../../features/conformity';
import { ExternosDeOrden } from '../../features/externos';
import OrdenDetallePage from '../../features/orders/components/orden-detalle-page';
import { PapeleoDeOrden } from '../../features/reports';
import { useHistorialWhatsapp } from '../../features/whatsapp';
import { OrdenEnVivo } from '../orden-en-vivo';

/**
 * The order's paperwork in its detail: the links to files, hours and expenses and the report, the
 * client's side, then whom outside the company it was handed to (issue 33 part 2).
 */
function papeleo(orden: OrdenDetalle) {
  return (
    <>
      <OrdenEnVivo ordenId={orden.id} />
      <ChecklistDeOrden orden={orden} />
      <PapeleoDeOrden ordenId={orden.id} />
      <ClienteDeOrden orden={orden} />
      <ConformidadDeOrden orden={orden} />
      <ExternosDeOrden ordenId={orden.id} />
    </>
  );
}

/**
 * Route `orden/:id`: the orders feature's detail with the paperwork features in it, and its
 * WhatsApp messages in its history (issue 35). app/ puts them together so that orders does not
 * import the features that build on the order (issue 29).
 */
export default function OrdenDetalleConPapeleoPage() {
  return <OrdenDetallePage papeleo={papeleo} useLineasHistorial={useHistorialWhatsapp} />;
}
