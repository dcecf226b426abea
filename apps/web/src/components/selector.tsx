import { IonSelect, IonSelectOption } from '@ionic/react';
import type { ComponentProps } from 'react';

type PropsIonSelect = Omit<ComponentProps<typeof IonSelect>, 'value' | 'onIonChange' | 'children' | 'multiple'>;

interface PropsSelector<T extends string> {
  /** The values to offer, in their order (a list of the contract: kinds, sort orders, …). */
  valores: readonly T[];
  /** What the person reads for each value. */
  nombres: Readonly<Record<T, string>>;
  valor: T;
  alCambiar: (valor: T) => void;
}

/**
 * One value among a fixed list, each with its Spanish name, in a popover; it acts as soon as it
 * changes (a sort order, a setting saved when chosen). Form fields use `CampoSeleccion` (campos.tsx).
 */
export function Selector<T extends string>({
  valores,
  nombres,
  valor,
  alCambiar,
  ...select
}: PropsSelector<T> & PropsIonSelect) {
  return (
    <IonSelect interface="popover" {...select} value={valor} onIonChange={(e) => alCambiar(e.detail.value as T)}>
      {valores.map((v) => (
        <IonSelectOption key={v} value={v}>
          {nombres[v]}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}
