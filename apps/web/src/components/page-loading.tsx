import { IonContent, IonSpinner } from '@ionic/react';

/** What a screen shows while its code is loading. */
export function PageLoading() {
  return (
    <IonContent className="delego-page-content">
      <div className="delego-page-loading" role="status" aria-live="polite">
        <IonSpinner name="crescent" color="primary" />
        <span className="delego-visually-hidden">Cargando…</span>
      </div>
    </IonContent>
  );
}
