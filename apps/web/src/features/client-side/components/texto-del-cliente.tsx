import { IonTextarea } from '@ionic/react';
import { valorDe } from '../../../lib/formularios';

interface Props {
  label: string;
  valor: string;
  alCambiar: (valor: string) => void;
  /** The contract's limit of the text. */
  max: number;
  /** Shows Ionic's own counter under the text. */
  contador?: boolean;
  testId?: string;
}

/** What the client writes on the public summary (a survey's comment, why not «Conforme»): three lines. */
export function TextoDelCliente({ label, valor, alCambiar, max, contador, testId }: Props) {
  return (
    <IonTextarea
      label={label}
      labelPlacement="floating"
      fill="outline"
      value={valor}
      onIonInput={(e) => alCambiar(valorDe(e))}
      rows={3}
      maxlength={max}
      counter={contador}
      data-testid={testId}
    />
  );
}
