import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { compassOutline } from 'ionicons/icons';
import { PageHeader } from '../components/page-header';
import './not-found-page.css';

/** Any address that is not a screen of the app. */
export default function NotFoundPage() {
  return (
    <>
      <PageHeader titulo="Página no encontrada" />
      <IonContent className="ion-padding delego-page-content">
        <section className="not-found" aria-labelledby="not-found-titulo">
          <IonIcon icon={compassOutline} color="primary" aria-hidden="true" />
          <h1 id="not-found-titulo">Página no encontrada</h1>
          <p>La dirección que abrió no corresponde a ninguna pantalla de Delego.</p>
          <IonButton routerLink="/home" routerDirection="root">
            Ir a Inicio
          </IonButton>
        </section>
      </IonContent>
    </>
  );
}
