import { useParams } from 'react-router-dom';
import { useFormularioSolicitud } from '../api/get-formulario';
import { PedidoPublico } from './pedido-publico';

/** solicitud/:k (no session): the request form of a client's link (issue 33). */
export default function SolicitudPublicaPage() {
  const k = useParams().k ?? '';
  const consulta = useFormularioSolicitud(k || null);
  return <PedidoPublico destino={{ tipo: 'enlace', k }} consulta={k ? consulta : null} />;
}
