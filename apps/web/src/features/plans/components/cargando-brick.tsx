import { IonSpinner } from '@ionic/react';

/**
 * What stands in for MercadoPago's form while its chunk or its script loads. Apart from
 * brick-mercadopago.tsx so that the plan screen shows it without loading the SDK.
 */
export function CargandoBrick() {
  return (
    <div className="tarjeta-procesando">
      <IonSpinner aria-hidden="true" />
      <p role="status">Cargando el formulario de MercadoPago…</p>
    </div>
  );
}
