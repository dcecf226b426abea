import { IonIcon } from '@ionic/react';
import { alertCircleOutline, flaskOutline, informationCircleOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';

type Tono = 'prueba' | 'advertencia' | 'info';

const ICONOS: Record<Tono, string> = {
  prueba: flaskOutline,
  advertencia: alertCircleOutline,
  info: informationCircleOutline,
};

/** A notice at the top of the plan screens: test mode, a failed payment, a scheduled downgrade. */
export function AvisoPlan({
  tono,
  titulo,
  children,
  testId,
}: {
  tono: Tono;
  titulo: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div
      className={`aviso-plan aviso-plan--${tono}`}
      role={tono === 'advertencia' ? 'alert' : 'note'}
      data-testid={testId}
    >
      <IonIcon icon={ICONOS[tono]} aria-hidden="true" />
      <div>
        <strong>{titulo}</strong>
        <p>{children}</p>
      </div>
    </div>
  );
}

/** The «Modo de prueba» banner of both screens: no MercadoPago credentials, nothing is charged. */
export function BannerModoPrueba() {
  return (
    <AvisoPlan tono="prueba" titulo="Modo de prueba" testId="plan-modo-prueba">
      Los pagos son simulados y no se cobra nada. Use las tarjetas de prueba de MercadoPago; el nombre del titular elige
      el resultado.
    </AvisoPlan>
  );
}
