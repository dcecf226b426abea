import { IonInput, IonSelect, IonSelectOption, IonTextarea, IonToggle } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';
import { claseInvalida, valorDe, type PropsCampo } from '../lib/formularios';
import { CampoConLimite } from './campo-con-limite';

/**
 * The fields of the form kit: each takes `{...f.campo('nombre')}` from `useFormulario` (value,
 * change, message, disabled) and shows Ionic's own input with the message under it. A field with
 * `max` shows the counter of `CampoConLimite`; dates are `CampoFecha`, which takes the same props.
 */

/** Where the field sits in a grid of fields (e.g. 'admin-campos__ancho' to span both columns). */
interface Ubicacion {
  ubicacion?: string;
}

type PropsIonInput = Omit<
  ComponentProps<typeof IonInput>,
  'value' | 'name' | 'onChange' | 'onIonInput' | 'errorText' | 'disabled' | 'className' | 'children' | 'maxlength'
>;

function conLimite(valor: string, max: number | undefined, ubicacion: string | undefined, campo: ReactNode) {
  if (max === undefined) return campo;
  return (
    <CampoConLimite valor={valor} max={max} className={ubicacion}>
      {campo}
    </CampoConLimite>
  );
}

function clases(...nombres: (string | undefined)[]): string | undefined {
  return nombres.filter(Boolean).join(' ') || undefined;
}

/** A one-line text field (IonInput, outlined, floating label). */
export function CampoTexto({
  name,
  value,
  onChange,
  error,
  disabled,
  max,
  ubicacion,
  ...resto
}: PropsCampo<string> & Ubicacion & PropsIonInput & { max?: number }) {
  const campo = (
    <IonInput
      labelPlacement="floating"
      fill="outline"
      {...resto}
      className={clases(max === undefined ? ubicacion : undefined, claseInvalida(error))}
      name={name}
      value={value}
      errorText={error}
      disabled={disabled}
      onIonInput={(e) => onChange(valorDe(e))}
    />
  );
  return conLimite(value, max, ubicacion, campo);
}

type PropsIonTextarea = Omit<
  ComponentProps<typeof IonTextarea>,
  'value' | 'name' | 'onChange' | 'onIonInput' | 'errorText' | 'disabled' | 'className' | 'children' | 'maxlength'
>;

/** A text area (IonTextarea, grows with its text); Enter is a new line, Ctrl+Enter submits. */
export function CampoTextoLargo({
  name,
  value,
  onChange,
  error,
  disabled,
  max,
  ubicacion,
  ...resto
}: PropsCampo<string> & Ubicacion & PropsIonTextarea & { max?: number }) {
  const campo = (
    <IonTextarea
      labelPlacement="floating"
      fill="outline"
      autoGrow
      {...resto}
      className={clases(max === undefined ? ubicacion : undefined, claseInvalida(error))}
      name={name}
      value={value}
      errorText={error}
      disabled={disabled}
      onIonInput={(e) => onChange(valorDe(e))}
    />
  );
  return conLimite(value, max, ubicacion, campo);
}

export interface Opcion<T> {
  valor: T;
  /** What the person reads (plain text: Ionic shows options' text as text). */
  texto: string;
}

type PropsIonSelect = Omit<
  ComponentProps<typeof IonSelect>,
  'value' | 'name' | 'onChange' | 'onIonChange' | 'disabled' | 'className' | 'children' | 'errorText'
>;

/** One choice among options (IonSelect); its message shows under it. */
export function CampoSeleccion<T extends string | number>({
  name,
  value,
  onChange,
  error,
  disabled,
  opciones,
  ...resto
}: PropsCampo<T> & PropsIonSelect & { opciones: readonly Opcion<T>[] }) {
  return (
    <IonSelect
      {...resto}
      className={claseInvalida(error)}
      name={name}
      value={value}
      errorText={error}
      disabled={disabled}
      onIonChange={(e) => onChange(e.detail.value as T)}
    >
      {opciones.map((o) => (
        <IonSelectOption key={String(o.valor)} value={o.valor}>
          {o.texto}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}

type PropsIonToggle = Omit<
  ComponentProps<typeof IonToggle>,
  'checked' | 'value' | 'name' | 'onChange' | 'onIonChange' | 'disabled' | 'children'
>;

/**
 * A yes/no switch (IonToggle). `alCambiar` replaces the plain change when switching needs more
 * (a confirmation); `children` is its label (an IonLabel, with user text in `<Texto>`).
 */
export function CampoInterruptor({
  name,
  value,
  onChange,
  disabled,
  alCambiar,
  children,
  error: _error,
  ...resto
}: PropsCampo<boolean> & PropsIonToggle & { alCambiar?: (valor: boolean) => void; children: ReactNode }) {
  return (
    <IonToggle
      {...resto}
      name={name}
      checked={value}
      disabled={disabled}
      onIonChange={(e) => (alCambiar ?? onChange)(e.detail.checked)}
    >
      {children}
    </IonToggle>
  );
}
