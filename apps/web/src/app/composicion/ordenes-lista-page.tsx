import type { Filtros } from '@delego/contract';
import OrdenesListaPage from '../../features/orders/components/ordenes-lista-page';
import { ExportarOrdenesBoton } from '../../features/reports';

function exportar(filtros: Omit<Filtros, 'pagina'>) {
  return <ExportarOrdenesBoton filtros={filtros} />;
}

/** Route `home`: the orders feature's list with the reports feature's Excel export in its header (issue 29). */
export default function OrdenesListaConExportarPage() {
  return <OrdenesListaPage exportar={exportar} />;
}
