import {
  IonButton,
  IonCheckbox,
  IonIcon,
  IonInput,
  IonNote,
  IonSelect,
  IonSelectOption,
  IonTextarea,
  IonToggle,
} from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
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

/** The kit's props that Ionic's own props must not repeat. */
type Propias = 'value' | 'name' | 'onChange' | 'onIonInput' | 'errorText' | 'disabled' | 'className' | 'children';

type PropsIonInput = Omit<ComponentProps<typeof IonInput>, Propias | 'maxlength'>;
type PropsIonTextarea = Omit<ComponentProps<typeof IonTextarea>, Propias | 'maxlength'>;

function clases(...nombres: (string | undefined)[]): string | undefined {
  return nombres.filter(Boolean).join(' ') || undefined;
}

type PropsDeTexto = PropsCampo<string> & Ubicacion & { max?: number };

/**
 * Splits a text field's props into the Ionic props that bind it to the form and the rest, and
 * returns how to wrap it: with a limit, in `CampoConLimite` (which then takes the grid place).
 */
function campoDeTexto<P extends PropsDeTexto>({ name, value, onChange, error, disabled, max, ubicacion, ...resto }: P) {
  const enlace = {
    className: clases(max === undefined ? ubicacion : undefined, claseInvalida(error)),
    name,
    value,
    errorText: error,
    disabled,
    onIonInput: (e: { detail: { value?: string | number | null } }) => onChange(valorDe(e)),
  };
  const envolver = (campo: ReactNode) =>
    max === undefined ? (
      campo
    ) : (
      <CampoConLimite valor={value} max={max} className={ubicacion}>
        {campo}
      </CampoConLimite>
    );
  return { enlace, resto, envolver };
}

/** A one-line text field (IonInput, outlined, floating label). */
export function CampoTexto(props: PropsDeTexto & PropsIonInput) {
  const { enlace, resto, envolver } = campoDeTexto(props);
  return envolver(<IonInput labelPlacement="floating" fill="outline" {...resto} {...enlace} />);
}

/** An email field: the email keyboard, no capitals or spelling fixes; the browser may fill it in. */
export function CampoEmail(props: PropsDeTexto & Omit<PropsIonInput, 'type' | 'inputmode'>) {
  return (
    <CampoTexto
      autocomplete="email"
      autocapitalize="off"
      spellcheck={false}
      {...props}
      type="email"
      inputmode="email"
    />
  );
}

/** A CUIT field: the number keyboard and the example number as placeholder (with or without dashes). */
export function CampoCuit(props: PropsDeTexto & Omit<PropsIonInput, 'inputmode'>) {
  return <CampoTexto placeholder="30-12345678-9" {...props} inputmode="numeric" />;
}

/**
 * A phone number (a WhatsApp's): the phone keyboard, and below it how to write it, with the area
 * code. Nothing is offered from the browser's memory unless `autocomplete` asks for it.
 */
export function CampoTelefono(props: PropsDeTexto & Omit<PropsIonInput, 'type' | 'inputmode'>) {
  return (
    <CampoTexto
      autocomplete="off"
      helperText="Con código de área, por ejemplo +54 9 11 2345-6789."
      {...props}
      type="tel"
      inputmode="tel"
    />
  );
}

/** A text area (IonTextarea, grows with its text); Enter is a new line, Ctrl+Enter submits. */
export function CampoTextoLargo(props: PropsDeTexto & PropsIonTextarea) {
  const { enlace, resto, envolver } = campoDeTexto(props);
  return envolver(<IonTextarea labelPlacement="floating" fill="outline" autoGrow {...resto} {...enlace} />);
}

/**
 * A password field with a button that shows or hides what was typed (Spanish labels; Ionic's own
 * toggle speaks English). `testIdVer` names that button for the tests.
 */
export function CampoPassword({
  testIdVer,
  ...props
}: PropsDeTexto & Omit<PropsIonInput, 'type'> & { testIdVer?: string }) {
  const [ver, setVer] = useState(false);
  const boton = useRef<HTMLIonButtonElement>(null);
  // Pressing the button keeps the cursor in the field. A native listener: as a prop of an Ionic
  // component (onPointerDown), Ionic's React wrapper probes the name with an inline handler
  // attribute, which the app's Content-Security-Policy refuses and reports in the console.
  useEffect(() => {
    const b = boton.current;
    if (!b) return;
    const quieto = (e: Event) => e.preventDefault();
    b.addEventListener('pointerdown', quieto);
    return () => b.removeEventListener('pointerdown', quieto);
  }, []);
  const { enlace, resto, envolver } = campoDeTexto(props);
  return envolver(
    <IonInput
      labelPlacement="floating"
      fill="outline"
      autocapitalize="off"
      autocorrect={false}
      spellcheck={false}
      {...resto}
      {...enlace}
      type={ver ? 'text' : 'password'}
    >
      <IonButton
        slot="end"
        fill="clear"
        shape="round"
        color="medium"
        type="button"
        aria-label={ver ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={ver}
        disabled={enlace.disabled}
        ref={boton}
        onClick={() => setVer((v) => !v)}
        data-testid={testIdVer}
      >
        <IonIcon slot="icon-only" icon={ver ? eyeOffOutline : eyeOutline} aria-hidden="true" />
      </IonButton>
    </IonInput>,
  );
}

export interface Opcion<T> {
  valor: T;
  /** What the person reads (plain text: Ionic shows options' text as text). */
  texto: string;
}

type PropsIonSelect = Omit<ComponentProps<typeof IonSelect>, Propias | 'onIonChange' | 'multiple'>;

/** The select's value of the option that stands for "none" (Ionic's select needs one). */
const SIN_VALOR = '';

type PropsSeleccion<T, V> = PropsCampo<V> & PropsIonSelect & { opciones: readonly Opcion<T>[] };

/** What both selects share: Ionic's select bound to the form, its options, its message. */
function Seleccion<T extends string | number, V>({
  props: { name, value: _value, onChange: _onChange, error, disabled, opciones, ...resto },
  valor,
  alElegir,
  ninguno,
  multiple = false,
}: {
  props: PropsSeleccion<T, V>;
  /** The select's own value (the form's, or "none"). */
  valor: unknown;
  alElegir: (elegido: unknown) => void;
  ninguno?: string;
  multiple?: boolean;
}) {
  return (
    <IonSelect
      labelPlacement="floating"
      fill="outline"
      interface={multiple ? 'alert' : 'popover'}
      {...(multiple ? { cancelText: 'Cancelar', okText: 'Aceptar' } : {})}
      {...resto}
      multiple={multiple}
      className={claseInvalida(error)}
      name={name}
      value={valor}
      errorText={error}
      disabled={disabled}
      onIonChange={(e) => alElegir(e.detail.value)}
    >
      {ninguno !== undefined && <IonSelectOption value={SIN_VALOR}>{ninguno}</IonSelectOption>}
      {opciones.map((o) => (
        <IonSelectOption key={String(o.valor)} value={o.valor}>
          {o.texto}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}

/**
 * One choice among options (IonSelect, outlined, floating label, a popover); its message shows
 * under it. A field whose value may be null offers `ninguno` ('Sin tipo') as its first option, or
 * shows its placeholder until chosen.
 */
export function CampoSeleccion<T extends string | number, V extends T | null = T>({
  ninguno,
  ...props
}: PropsSeleccion<T, V> & { ninguno?: string }) {
  return (
    <Seleccion
      props={props}
      valor={props.value === null && ninguno !== undefined ? SIN_VALOR : props.value}
      // An id is never 0: like "none", it means no value.
      alElegir={(elegido) =>
        props.onChange((elegido === SIN_VALOR || elegido === 0 || elegido == null ? null : elegido) as V)
      }
      ninguno={ninguno}
    />
  );
}

/** Several choices among options (IonSelect with checkboxes in an alert, Spanish buttons). */
export function CampoSeleccionMultiple<T extends string | number>(props: PropsSeleccion<T, T[]>) {
  return (
    <Seleccion
      props={props}
      valor={props.value}
      alElegir={(elegido) => props.onChange((elegido as T[] | null) ?? [])}
      multiple
    />
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

type PropsIonCheckbox = Omit<
  ComponentProps<typeof IonCheckbox>,
  'checked' | 'value' | 'name' | 'onChange' | 'onIonChange' | 'disabled' | 'children' | 'labelPlacement' | 'justify'
>;

/**
 * A box to tick with its text after it (IonCheckbox), such as a consent; its message shows under
 * it. `alCambiar` replaces the plain change when ticking needs more (a confirmation); `children`
 * is its text; `claseMensaje` places the message.
 */
export function CampoCasilla({
  name,
  value,
  onChange,
  error,
  disabled,
  alCambiar,
  claseMensaje,
  children,
  ...resto
}: PropsCampo<boolean> &
  PropsIonCheckbox & { alCambiar?: (valor: boolean) => void; claseMensaje?: string; children: ReactNode }) {
  return (
    <>
      <IonCheckbox
        labelPlacement="end"
        justify="start"
        {...resto}
        name={name}
        checked={value}
        disabled={disabled}
        onIonChange={(e) => (alCambiar ?? onChange)(e.detail.checked)}
        aria-invalid={error ? true : undefined}
      >
        {children}
      </IonCheckbox>
      <MensajeCampo error={error} className={claseMensaje} />
    </>
  );
}

/**
 * The message of a field that is not an input (a group of radios or checkboxes): red, under the
 * group, read out when it appears. Nothing while the field is fine.
 */
export function MensajeCampo({ error, className }: { error: string | undefined; className?: string }) {
  if (!error) return null;
  return (
    <IonNote color="danger" className={className} role="alert">
      {error}
    </IonNote>
  );
}
