import { MENSAJES_CLIENTE_PUBLICO, type FacturacionDelegada } from '@delego/contract';
import { IonIcon } from '@ionic/react';
import { hourglassOutline } from 'ionicons/icons';
import { formatoFechaHora } from '../model/fechas';
import { useZonaEmpresa } from '../../../lib/fechas';

/** "Facturación delegada: esperando datos del cliente", with to whom and when it was asked. */
export function LineaFacturacionDelegada({ delegada }: { delegada: FacturacionDelegada }) {
  const zona = useZonaEmpresa();
  return (
    <p className="facturacion-delegada" role="status" data-testid="facturacion-delegada">
      <IonIcon icon={hourglassOutline} aria-hidden="true" />
      <span>
        <strong>{MENSAJES_CLIENTE_PUBLICO.facturacionDelegada}</strong>
        <br />
        <small>
          Pedido a {delegada.email} el {formatoFechaHora(delegada.fecha, zona)}
        </small>
      </span>
    </p>
  );
}
