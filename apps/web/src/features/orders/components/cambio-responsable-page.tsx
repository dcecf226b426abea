import { PantallaResponsables } from './responsables-form';

/** cambio-responsable?id=42: one responsable. */
export default function CambioResponsablePage() {
  return <PantallaResponsables multiple={false} />;
}
