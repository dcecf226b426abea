import { IonBadge, IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline, warningOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { enReposo } from '../../../lib/en-reposo';
import { textoPendientes, useBandeja } from '../use-bandeja';
import './cambios-pendientes.css';

const cargarHoja = () => import('./hoja-pendientes');
const HojaPendientes = lazy(cargarHoja);

/**
 * "N cambios pendientes" in every screen's header while the outbox holds something: it opens the
 * list of what waits, what the server refused (with its reason) and what can be done with each.
 */
export function CambiosPendientes() {
  const { cambios, danados } = useBandeja();
  const [abierto, setAbierto] = useState(false);
  // The list is needed most when there is no connection: its code loads now, while there is
  // (once the first screen is drawn: lib/en-reposo.ts).
  useEffect(() => enReposo(() => void cargarHoja().catch(() => undefined)), []);
  const total = cambios.length;
  const rechazados = cambios.filter((c) => c.estado === 'rechazado').length;
  if (total === 0 && danados.length === 0) return null;
  const etiqueta = [textoPendientes(total), rechazados ? `${rechazados} rechazado${rechazados === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <IonButton
        onClick={() => setAbierto(true)}
        aria-label={etiqueta}
        title={etiqueta}
        data-testid="cambios-pendientes"
        className="cambios-pendientes__boton"
      >
        <IonIcon slot="start" icon={rechazados ? warningOutline : cloudUploadOutline} aria-hidden="true" />
        <span className="cambios-pendientes__texto">{textoPendientes(total)}</span>
        {/* On a phone the text gives way to the count (cambios-pendientes.css). */}
        <span className="cambios-pendientes__cantidad" aria-hidden="true">
          {total}
        </span>
        {rechazados > 0 && (
          <IonBadge color="danger" className="cambios-pendientes__insignia">
            {rechazados}
          </IonBadge>
        )}
      </IonButton>
      {abierto && (
        <Suspense fallback={null}>
          <HojaPendientes alCerrar={() => setAbierto(false)} />
        </Suspense>
      )}
    </>
  );
}
