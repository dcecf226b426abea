import { IonButton, IonIcon } from '@ionic/react';
import type { ReactNode } from 'react';
import { useConfirmar, type OpcionesConfirmacion } from './avisos';

interface BotonPeligrosoProps {
  /** What the confirmation asks; its button repeats the button's text. */
  pregunta: Omit<OpcionesConfirmacion, 'aceptar' | 'peligroso'>;
  /** Runs only when the person confirmed. */
  alConfirmar: () => void | Promise<void>;
  icono?: string;
  testId: string;
  children: string;
}

/**
 * The small clear danger button of a destructive action inside a card or row («Descartar»,
 * «Eliminar»): it asks first, with the button's own text as the action of the confirmation.
 */
export function BotonPeligroso({ pregunta, alConfirmar, icono, testId, children }: BotonPeligrosoProps): ReactNode {
  const confirmar = useConfirmar();
  async function alTocar() {
    if (await confirmar({ ...pregunta, aceptar: children })) await alConfirmar();
  }
  return (
    <IonButton size="small" fill="clear" color="danger" onClick={() => void alTocar()} data-testid={testId}>
      {icono && <IonIcon slot="start" icon={icono} aria-hidden="true" />}
      {children}
    </IonButton>
  );
}
