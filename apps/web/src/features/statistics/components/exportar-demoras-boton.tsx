import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useState } from 'react';
import { notificarError } from '../../../lib/errors';
import { exportarDemoras } from '../api/exportar-demoras';

interface Props {
  fechaDesde: number;
  fechaHasta: number;
  tipo?: number | null;
}

/**
 * «Exportar a Excel» of the delays: an authenticated call gets a one-use token, then the browser
 * opens the export's address itself and streams the .xlsx to disk.
 */
export function ExportarDemorasBoton({ fechaDesde, fechaHasta, tipo = null }: Props) {
  const [exportando, setExportando] = useState(false);
  async function exportar() {
    setExportando(true);
    try {
      await exportarDemoras({ fechaDesde, fechaHasta, tipo });
    } catch (error) {
      notificarError(error);
    } finally {
      setExportando(false);
    }
  }
  return (
    <IonButton
      onClick={() => void exportar()}
      disabled={exportando}
      aria-label="Exportar a Excel"
      title="Exportar a Excel"
      data-testid="demoras-exportar"
    >
      {exportando ? (
        <IonSpinner slot="start" name="crescent" aria-hidden="true" />
      ) : (
        <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
      )}
      {/* On a phone the icon alone: the title needs the room. */}
      <span className="estadisticas-solo-ancho">Exportar a Excel</span>
    </IonButton>
  );
}
