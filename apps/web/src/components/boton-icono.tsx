import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';

type Props = Omit<ComponentProps<typeof IonButton>, 'children' | 'aria-label'> & {
  icono: string;
  /** What the button does, read by screen readers: 'Eliminar foto.jpg'. */
  etiqueta: string;
  /** While its action runs: a spinner instead of the icon. */
  ocupado?: boolean;
  testId?: string;
};

/** A button that is only an icon (plain by default), with its action said in words. */
export function BotonIcono({ icono, etiqueta, ocupado = false, testId, ...boton }: Props) {
  return (
    <IonButton fill="clear" {...boton} aria-label={etiqueta} data-testid={testId}>
      {ocupado ? (
        <IonSpinner slot="icon-only" name="crescent" aria-hidden="true" />
      ) : (
        <IonIcon slot="icon-only" icon={icono} aria-hidden="true" />
      )}
    </IonButton>
  );
}

type PropsConTexto = Omit<ComponentProps<typeof IonButton>, 'children'> & {
  icono: string;
  /** While its action runs: a spinner instead of the icon. */
  ocupado?: boolean;
  testId?: string;
  children: ReactNode;
};

/** A button with an icon before its text (the icon is decoration: the text says what it does). */
export function BotonConIcono({ icono, ocupado = false, testId, children, ...boton }: PropsConTexto) {
  return (
    <IonButton {...boton} data-testid={testId}>
      {ocupado ? (
        <IonSpinner slot="start" name="crescent" aria-hidden="true" />
      ) : (
        <IonIcon slot="start" icon={icono} aria-hidden="true" />
      )}
      {children}
    </IonButton>
  );
}
