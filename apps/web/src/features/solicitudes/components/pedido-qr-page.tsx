import { useParams } from 'react-router-dom';
import { useFormularioQr } from '../api/get-formulario-qr';
import { PedidoPublico } from './pedido-publico';

/**
 * q/:codigo without a session (issue 33): a scanned label of a site or an equipo opens the request
 * form of its client with the place already set. A code that does not exist, or whose client takes
 * no requests, is the same «no disponible» page (the server answers both with 404).
 */
export default function PedidoQrPage() {
  const codigo = useParams().codigo ?? '';
  const consulta = useFormularioQr(codigo || null);
  return <PedidoPublico destino={{ tipo: 'qr', codigo }} consulta={codigo ? consulta : null} />;
}
