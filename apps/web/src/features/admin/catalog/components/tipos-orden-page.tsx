import { EtiquetasLista } from './etiquetas-lista';

/** tipos-orden: the company's order types, archived ones apart. */
export default function TiposOrdenPage() {
  return <EtiquetasLista clase="tipos" />;
}
