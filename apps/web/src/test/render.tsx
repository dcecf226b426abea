import type { UsuarioLogueado } from '@delego/contract';
import { IonApp } from '@ionic/react';
import { IonReactMemoryRouter } from '@ionic/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ROUTER_FUTURE } from '../app/router-future';
import { SessionContext } from '../features/auth';

interface Opciones {
  usuario?: UsuarioLogueado | null;
  ruta?: string;
  queryClient?: QueryClient;
}

export function crearQueryClientDePrueba(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders inside Ionic, a memory router, a query client and (optionally) a fake session. */
export function renderConApp(ui: ReactElement, { usuario = null, ruta = '/', queryClient }: Opciones = {}) {
  const cliente = queryClient ?? crearQueryClientDePrueba();
  const resultado = render(
    <IonApp>
      <QueryClientProvider client={cliente}>
        <SessionContext value={{ usuario }}>
          <IonReactMemoryRouter initialEntries={[ruta]} future={ROUTER_FUTURE}>
            {ui}
          </IonReactMemoryRouter>
        </SessionContext>
      </QueryClientProvider>
    </IonApp>,
  );
  return { ...resultado, queryClient: cliente };
}
