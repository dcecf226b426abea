import { NOMBRES_TIPO_ITEM, TIPOS_ITEM_CHECKLIST, type TipoItemChecklist } from '@delego/contract';
import { IonCheckbox, IonInput } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';
import { Selector } from '../../../components/selector';
import { valorDe } from '../../../lib/formularios';

/**
 * The fields of the checklist screens (the type's template and the items added to an order):
 * outlined, the label above the field, each bound to one value of the item being written.
 */

type PropsIonInput = Omit<ComponentProps<typeof IonInput>, 'value' | 'onIonInput' | 'labelPlacement' | 'fill'>;

/** A text field; `maxlength` (a plain input's cap) comes in `input`, like any IonInput prop. */
export function CampoChecklist({
  valor,
  alCambiar,
  ...input
}: PropsIonInput & { label: string; valor: string; alCambiar: (valor: string) => void }) {
  return (
    <IonInput
      labelPlacement="stacked"
      fill="outline"
      {...input}
      value={valor}
      onIonInput={(e) => alCambiar(valorDe(e))}
    />
  );
}

/** The kind of an item (tick, pass/fail, number, …), in a popover. */
export function CampoTipoItem({
  valor,
  alCambiar,
  testId,
}: {
  valor: TipoItemChecklist;
  alCambiar: (tipo: TipoItemChecklist) => void;
  testId: string;
}) {
  return (
    <Selector
      label="Tipo"
      labelPlacement="stacked"
      fill="outline"
      valores={TIPOS_ITEM_CHECKLIST}
      nombres={NOMBRES_TIPO_ITEM}
      valor={valor}
      alCambiar={alCambiar}
      data-testid={testId}
    />
  );
}

/** A yes/no of the item (required, seen by the client), its label after the box. */
export function CasillaChecklist({
  marcada,
  alCambiar,
  testId,
  children,
}: {
  marcada: boolean;
  alCambiar: (marcada: boolean) => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <IonCheckbox
      labelPlacement="end"
      checked={marcada}
      onIonChange={(e) => alCambiar(e.detail.checked)}
      data-testid={testId}
    >
      {children}
    </IonCheckbox>
  );
}
