import { EtiquetaForm } from './etiqueta-form';

/** tipo-orden: create (`/tipo-orden`) or rename (`/tipo-orden?id=2`) an order type. */
export default function TipoOrdenPage() {
  return <EtiquetaForm clase="tipos" />;
}
