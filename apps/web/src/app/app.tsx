import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ActualizacionPwa } from './actualizacion-pwa';
import { AppLayout } from './layout/app-layout';
import { PrecargaIonic } from './precarga-ionic';
import { AppProviders } from './providers';
import { ROUTER_FUTURE } from './router-future';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <IonApp>
      <AppProviders queryClient={queryClient}>
        <PrecargaIonic />
        <IonReactRouter future={ROUTER_FUTURE}>
          <AppLayout />
        </IonReactRouter>
      </AppProviders>
      <ActualizacionPwa />
    </IonApp>
  );
}
