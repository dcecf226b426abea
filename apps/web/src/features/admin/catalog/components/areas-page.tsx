import { useTienePermiso } from '../../shared/permiso-requerido';
import { E5sCatalogo } from './e5s-catalogo';
import { EtiquetasLista } from './etiquetas-lista';

/** areas: the company's areas, archived ones apart, and the E5S area catalogue with its import. */
export default function AreasPage() {
  const puede = useTienePermiso('altaEtiquetas');
  return <EtiquetasLista clase="areas">{puede && <E5sCatalogo />}</EtiquetasLista>;
}
