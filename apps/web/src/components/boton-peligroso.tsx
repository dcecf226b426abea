import { IonButton, IonIcon } from '@ionic/react';
import type { ReactNode } from 'react';
import { useConfirmar, type OpcionesConfirmacion } from './avisos';

interface BotonPeligrosoProps {
  /** What the confirmation asks; its button repeats the button's text. */
  pregunta: Omit<OpcionesConfirmacion, 'aceptar' | 'peligroso'>;
  /** Runs only when the person confirmed. */
  alConfirmar: () => void | Promise<void>;
  icono?: string;
  /** 'outline' beside other outlined buttons (a link's «Renovar»); plain by default. */
  fill?: 'clear' | 'outline';
  /** Off while something else runs. */
  disabled?: boolean;
  testId: string;
  children: string;
}

/**
 * The small danger button of a destructive action inside a card or row («Descartar», «Eliminar»,
 * «Revocar»): it asks first, with the button's own text as the action of the confirmation.
 */
export function BotonPeligroso({
  pregunta,
  alConfirmar,
  icono,
  fill = 'clear',
  disabled = false,
  testId,
  children,
}: BotonPeligrosoProps): ReactNode {
  const confirmar = useConfirmar();
  async function alTocar() {
    if (await confirmar({ ...pregunta, aceptar: children })) await alConfirmar();
  }
  return (
    <IonButton
      size="small"
      fill={fill}
      color="danger"
      onClick={() => void alTocar()}
      disabled={disabled}
      data-testid={testId}
    >
      {icono && <IonIcon slot="start" icon={icono} aria-hidden="true" />}
      {children}
    </IonButton>
  );
}
