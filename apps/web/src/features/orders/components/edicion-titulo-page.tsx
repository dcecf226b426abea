import { PantallaEdicionCampo } from './edicion-campo';

/** edicion-titulo?id=42 */
export default function EdicionTituloPage() {
  return <PantallaEdicionCampo campo="titulo" />;
}
