import { IonPage } from '@ionic/react';
import { Suspense, type ComponentType } from 'react';
import { PageLoading } from '../components/page-loading';
import { ScreenErrorBoundary } from '../components/screen-error-boundary';
import { reintentarPantallasFallidas } from './pantalla-perezosa';

/**
 * One screen in the router outlet. The IonPage exists from the first render, so Ionic can run
 * its page transition while the screen's code is still loading. A screen whose code or data
 * cannot be loaded keeps the toolbar and offers 'Reintentar' (ScreenErrorBoundary).
 */
export function Screen({ component: Component }: { component: ComponentType }) {
  return (
    <IonPage>
      <ScreenErrorBoundary alReintentar={reintentarPantallasFallidas}>
        <Suspense fallback={<PageLoading />}>
          <Component />
        </Suspense>
      </ScreenErrorBoundary>
    </IonPage>
  );
}
