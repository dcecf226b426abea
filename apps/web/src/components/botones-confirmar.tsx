import { IonButton } from '@ionic/react';

interface BotonesConfirmarProps {
  /** The row's classes ('solicitud-rechazo__acciones', 'checklist__botones'). */
  clase: string;
  /** Cancelar: closes the form as it is (or asks first, through `useConfirmarSalida`). */
  onCancelar: () => void;
  /** True while the action runs: both buttons are off and the submit button says `textoOcupado`. */
  ocupado: boolean;
  /** What the submit button says: 'Rechazar solicitud', 'Agregar'. */
  texto: string;
  /** What it says while the action runs ('Rechazando…'); without it, `texto`. */
  textoOcupado?: string;
  /** 'danger' for an action that cannot be undone (a rejection). */
  color?: 'danger';
  /** 'small' for a form inside a card. */
  size?: 'small';
  testId: string;
}

/**
 * The last row of a short form that does one thing (reject with a reason, add an item): a plain
 * Cancelar, then the submit button that names the action, both off while it runs. Unlike
 * `BotonesFormulario`, the button says what is happening ('Rechazando…') instead of a spinner.
 */
export function BotonesConfirmar({
  clase,
  onCancelar,
  ocupado,
  texto,
  textoOcupado = texto,
  color,
  size,
  testId,
}: BotonesConfirmarProps) {
  return (
    <div className={clase}>
      <IonButton type="button" size={size} fill="clear" color="medium" onClick={onCancelar} disabled={ocupado}>
        Cancelar
      </IonButton>
      <IonButton type="submit" size={size} color={color} disabled={ocupado} data-testid={testId}>
        {ocupado ? textoOcupado : texto}
      </IonButton>
    </div>
  );
}
