import { useSession } from '../../features/auth';
import { pantallaPerezosa } from '../pantalla-perezosa';

// Each side loads only its own code: a visitor's phone never downloads the equipos screens.
const QrEquipoPage = pantallaPerezosa(() => import('../../features/equipment/components/qr-page'));
const PedidoQrPage = pantallaPerezosa(() => import('../../features/solicitudes/components/pedido-qr-page'));

/**
 * Route `q/:codigo`, a scanned label: the company's people (with a session) go to that equipo or
 * site (issue 32); anyone else gets the request form of its client with the place set (issue 33).
 */
export default function QrPage() {
  const { usuario } = useSession();
  return usuario ? <QrEquipoPage /> : <PedidoQrPage />;
}
