import { EtiquetaForm } from './etiqueta-form';

/** area: create (`/area`) or rename (`/area?id=5`) an area. */
export default function AreaPage() {
  return <EtiquetaForm clase="areas" />;
}
