import { PantallaEdicionCampo } from './edicion-campo';

/** edicion-detalle?id=42 */
export default function EdicionDetallePage() {
  return <PantallaEdicionCampo campo="detalle" />;
}
