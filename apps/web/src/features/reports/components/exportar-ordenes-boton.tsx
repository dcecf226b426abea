import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useCallback, useState } from 'react';
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
    <IonButton
      onClick={() => void exportar(filtros)}
      disabled={exportando}
      aria-label="Exportar a Excel"
      title="Exportar a Excel"
      data-testid="ordenes-exportar"
    >
      {exportando ? (
        <IonSpinner slot="icon-only" name="crescent" aria-hidden="true" />
      ) : (
        <IonIcon slot="icon-only" icon={downloadOutline} aria-hidden="true" />
      )}
    </IonButton>
  );
}
