import { IonButton, IonSpinner } from '@ionic/react';
import type { ReactNode } from 'react';
import { useConfirmarSalida } from '../lib/cambios-sin-guardar';

export interface BotonGuardarProps {
  /** True while saving: the button is off and shows a spinner. */
  ocupado: boolean;
  /** Off for another reason (a file still uploading, a user the person may not change). */
  deshabilitado?: boolean;
  /** What the button says: 'Guardar', 'Crear cliente'. */
  texto?: string;
  /** While saving, the spinner goes with this text ('Guardando…'); without it, alone. */
  textoOcupado?: string;
  /** For a save with no form around it (a logo chosen): what the button does; it is then no submit. */
  alTocar?: () => void;
  testId?: string;
}

/** The submit button of a form: off while it saves, with a spinner instead of its text. */
export function BotonGuardar({
  ocupado,
  deshabilitado = false,
  texto = 'Guardar',
  textoOcupado,
  alTocar,
  testId,
}: BotonGuardarProps) {
  return (
    <IonButton
      type={alTocar ? 'button' : 'submit'}
      onClick={alTocar}
      disabled={ocupado || deshabilitado}
      data-testid={testId}
    >
      {!ocupado ? (
        texto
      ) : textoOcupado ? (
        <>
          <IonSpinner name="crescent" slot="start" aria-hidden="true" />
          {textoOcupado}
        </>
      ) : (
        <IonSpinner name="crescent" aria-hidden="true" />
      )}
    </IonButton>
  );
}

interface BotonesFormularioProps extends BotonGuardarProps {
  /** The row's classes ('ordenes-formulario__botones', 'admin-acciones'). */
  clase: string;
  onCancelar: () => void;
  /** Cancelar's look: outlined on the order screens, plain (and off while saving) in administration. */
  cancelar?: 'outline' | 'clear';
  /** Buttons before Cancelar (e.g. 'Eliminar'). */
  antes?: ReactNode;
}

/**
 * The last row of a form: Cancelar, then the submit button. Cancelar asks before it discards the
 * changes of a form that declared them (`useCambiosSinGuardar`).
 */
export function BotonesFormulario({
  clase,
  onCancelar,
  cancelar = 'outline',
  antes,
  ...guardar
}: BotonesFormularioProps) {
  const confirmarSalida = useConfirmarSalida();
  return (
    <div className={clase}>
      {antes}
      <IonButton
        type="button"
        fill={cancelar}
        color="medium"
        onClick={() => confirmarSalida(onCancelar)}
        disabled={cancelar === 'clear' && guardar.ocupado}
      >
        Cancelar
      </IonButton>
      <BotonGuardar {...guardar} />
    </div>
  );
}
