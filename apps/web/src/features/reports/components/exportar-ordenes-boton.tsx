import { downloadOutline } from 'ionicons/icons';
import { useCallback, useState } from 'react';
import { BotonIcono } from '../../../components/boton-icono';
import { guardarArchivo } from '../../../lib/descargas';
import { notificarError } from '../../../lib/errors';
import { exportarOrdenes, type FiltrosExportacion } from '../api/exportar-ordenes';

/** The name when the server gives none (it names it 'ordenes-YYYY-MM-DD.xlsx'). */
export const NOMBRE_EXPORTACION = 'ordenes.xlsx';

/** Exports the orders these filters select to Excel and saves the file; `exportando` while it is made. */
export function useExportarOrdenes(): {
  exportar: (filtros: FiltrosExportacion) => Promise<void>;
  exportando: boolean;
} {
  const [exportando, setExportando] = useState(false);
  const exportar = useCallback(async (filtros: FiltrosExportacion) => {
    setExportando(true);
    try {
      const xlsx = await exportarOrdenes(filtros);
      guardarArchivo(xlsx.blob, xlsx.nombre ?? NOMBRE_EXPORTACION);
    } catch (error) {
      notificarError(error);
    } finally {
      setExportando(false);
    }
  }, []);
  return { exportar, exportando };
}

/**
 * 'Exportar a Excel' for a toolbar: every order the list's filters select (not only the loaded
 * page), as .xlsx.
 */
export function ExportarOrdenesBoton({ filtros }: { filtros: FiltrosExportacion }) {
  const { exportar, exportando } = useExportarOrdenes();
  return (
    <BotonIcono
      icono={downloadOutline}
      etiqueta="Exportar a Excel"
      ocupado={exportando}
      onClick={() => void exportar(filtros)}
      disabled={exportando}
      title="Exportar a Excel"
      testId="ordenes-exportar"
    />
  );
}
