import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppLayout } from './layout/app-layout';
import { AppProviders } from './providers';
import { ROUTER_FUTURE } from './router-future';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <IonApp>
      <AppProviders queryClient={queryClient}>
        <IonReactRouter future={ROUTER_FUTURE}>
          <AppLayout />
        </IonReactRouter>
      </AppProviders>
    </IonApp>
  );
}
