import { EtiquetaForm, type ExtraDeEtiqueta } from './etiqueta-form';

/**
 * tipo-orden: create (`/tipo-orden`) or rename (`/tipo-orden?id=2`) an order type; app/composicion
 * adds under an existing one what other features keep about it (its checklist, its conformity).
 */
export default function TipoOrdenPage({ extra }: { extra?: ExtraDeEtiqueta }) {
  return <EtiquetaForm clase="tipos" extra={extra} />;
}
