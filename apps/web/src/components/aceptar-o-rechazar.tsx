import { IonButton } from '@ionic/react';

interface AceptarORechazarProps {
  /** The row's classes. */
  clase: string;
  /** What accepting says ('Aceptar la orden') and, while it runs, what it is doing ('Aceptando…'). */
  aceptar: { texto: string; ocupado: string };
  /** True while an answer is on its way: both buttons are off. */
  ocupado: boolean;
  /** True while the answer on its way is the acceptance (its button says so); by default, `ocupado`. */
  aceptando?: boolean;
  alAceptar: () => void;
  /** Opens the dialog that asks for the reason. */
  alRechazar: () => void;
  /** Large full-width buttons, for a phone's page of its own. */
  grande?: boolean;
  /** Prefix of the test ids: `${testId}-aceptar`, `${testId}-rechazar`. */
  testId: string;
}

/**
 * The two answers to something offered (an order to a contractor, a request to the company):
 * accept, which says what it does while it runs, and «Rechazar» (outlined, red), which asks why.
 */
export function AceptarORechazar({
  clase,
  aceptar,
  ocupado,
  aceptando = ocupado,
  alAceptar,
  alRechazar,
  grande = false,
  testId,
}: AceptarORechazarProps) {
  const tamanio = grande ? ({ size: 'large', expand: 'block' } as const) : {};
  return (
    <div className={clase}>
      <IonButton {...tamanio} onClick={alAceptar} disabled={ocupado} data-testid={`${testId}-aceptar`}>
        {aceptando ? aceptar.ocupado : aceptar.texto}
      </IonButton>
      <IonButton
        {...tamanio}
        fill="outline"
        color="danger"
        onClick={alRechazar}
        disabled={ocupado}
        data-testid={`${testId}-rechazar`}
      >
        Rechazar
      </IonButton>
    </div>
  );
}
