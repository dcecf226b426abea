import { IonBackButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import './page-header.css';

/**
 * Buttons every screen's header shows after its own. The app provides them (the notifications
 * bell); shared components stay free of features, and a screen rendered alone shows none.
 */
export const AccionesGlobalesContext = createContext<ComponentType | null>(null);

interface Props {
  titulo: string;
  /** Where the back arrow goes when there is no previous screen; no arrow when absent. */
  volverA?: string;
  /** Buttons at the end of the toolbar. */
  children?: ReactNode;
}

/**
 * The toolbar of a screen: back arrow (sub-screens), menu button (hidden when the menu is split or
 * disabled), title, the screen's own buttons and the app's global ones.
 */
export function PageHeader({ titulo, volverA, children }: Props) {
  const AccionesGlobales = useContext(AccionesGlobalesContext);
  return (
    <IonHeader>
      <IonToolbar color="primary" className="delego-barra">
        <IonButtons slot="start">
          {volverA && <IonBackButton defaultHref={volverA} text="" aria-label="Volver" />}
          <IonMenuButton aria-label="Abrir menú" />
        </IonButtons>
        <IonTitle>{titulo}</IonTitle>
        {(children || AccionesGlobales) && (
          <IonButtons slot="end">
            {children}
            {AccionesGlobales && <AccionesGlobales />}
          </IonButtons>
        )}
      </IonToolbar>
    </IonHeader>
  );
}
