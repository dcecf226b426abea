import HistorialPage from '../../features/orders/components/historial-page';
import { useHistorialWhatsapp } from '../../features/whatsapp';

/** Route `historial`: the orders feature's whole history of an order with its WhatsApp messages (issue 35). */
export default function HistorialConWhatsappPage() {
  return <HistorialPage useLineasHistorial={useHistorialWhatsapp} />;
}
