import { IonBackButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar, NavContext } from '@ionic/react';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { hayCambiosSinGuardar, useConfirmarSalida } from '../lib/cambios-sin-guardar';
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
  const inicio = useRef<HTMLIonButtonsElement>(null);
  useVolverSinPerderCambios(inicio, volverA);
  return (
    <IonHeader>
      <IonToolbar color="primary" className="delego-barra">
        <IonButtons slot="start" ref={inicio}>
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

/**
 * The back arrow asks before it leaves a form with unsaved changes (lib/cambios-sin-guardar.ts).
 * The click is caught on its way down (the arrow's own handler, and Ionic's, never see it) and,
 * once the person chose «Descartar», goes back as IonBackButton would. Without changes the arrow
 * works untouched.
 */
function useVolverSinPerderCambios(botones: RefObject<HTMLIonButtonsElement | null>, volverA: string | undefined) {
  const nav = useContext(NavContext);
  const confirmarSalida = useConfirmarSalida();
  useEffect(() => {
    const el = botones.current;
    if (!el || !volverA) return;
    const alTocar = (e: MouseEvent) => {
      if (!hayCambiosSinGuardar() || !(e.target instanceof Element) || !e.target.closest('ion-back-button')) return;
      e.stopPropagation();
      e.preventDefault();
      confirmarSalida(() => nav.goBack(volverA));
    };
    el.addEventListener('click', alTocar, true);
    return () => el.removeEventListener('click', alTocar, true);
  }, [botones, volverA, nav, confirmarSalida]);
}
