import { IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';

/** The toolbar of a screen: menu button (hidden when the menu is split or disabled) and title. */
export function PageHeader({ titulo }: { titulo: string }) {
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          <IonMenuButton aria-label="Abrir menú" />
        </IonButtons>
        <IonTitle>{titulo}</IonTitle>
      </IonToolbar>
    </IonHeader>
  );
}
