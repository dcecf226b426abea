import { IonSearchbar } from '@ionic/react';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof IonSearchbar>, 'value' | 'onIonInput'> & {
  valor: string;
  /** The typed text (never undefined), after `debounce` ms without a key (150 unless given). */
  onCambiar: (texto: string) => void;
};

/** The search box of an administration list. */
export function Buscador({ valor, onCambiar, debounce = 150, ...resto }: Props) {
  return (
    <IonSearchbar
      {...resto}
      value={valor}
      debounce={debounce}
      onIonInput={(e) => onCambiar(String(e.detail.value ?? ''))}
    />
  );
}
