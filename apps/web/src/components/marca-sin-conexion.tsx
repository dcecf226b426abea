import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { muestraCopiaSinConexion, textoCopiaSinConexion, useEnLinea, type EstadoConsulta } from '../lib/conexion';
import { useZonaEmpresa } from '../lib/zona-empresa';
import './estados-pantalla.css';

/**
 * «Sin conexión · datos de 14:05» above a screen that shows the copy kept on the device (or in
 * memory) because it cannot reach the server: the time is when that copy was fetched. Gone as soon
 * as the screen's data is refreshed.
 */
export function MarcaSinConexion({ consulta }: { consulta: EstadoConsulta & { isPlaceholderData?: boolean } }) {
  const enLinea = useEnLinea();
  const zona = useZonaEmpresa();
  if (!muestraCopiaSinConexion(consulta, enLinea)) return null;
  return (
    <p className="delego-marca-sin-conexion" role="status" data-testid="marca-sin-conexion">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      {textoCopiaSinConexion(consulta.dataUpdatedAt, zona)}
    </p>
  );
}
