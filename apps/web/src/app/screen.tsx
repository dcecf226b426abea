import { IonPage } from '@ionic/react';
import { Suspense, type ComponentType } from 'react';
import { PageLoading } from '../components/page-loading';
import { ScreenErrorBoundary } from '../components/screen-error-boundary';

/**
 * One screen in the router outlet. The IonPage exists from the first render, so Ionic can run
 * its page transition while the screen's code is still loading.
 */
export function Screen({ component: Component }: { component: ComponentType }) {
  return (
    <IonPage>
      <ScreenErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Component />
        </Suspense>
      </ScreenErrorBoundary>
    </IonPage>
  );
}
