import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { consultaPersistida, persistirAhora } from '../lib/cache-persistente';
import { sincronizarConexion } from '../lib/conexion';
import { ApiError, esErrorDefinitivo, notificarError } from '../lib/errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorSilencioso?: boolean };
    mutationMeta: { errorSilencioso?: boolean };
  }
}

/**
 * The app's query client. Failed queries and mutations reach the error catalogue (SPEC §8)
 * unless they say `meta: { errorSilencioso: true }` because they handle the error themselves.
 */
export function crearQueryClient(): QueryClient {
  // Offline at start (a reload, a killed tab): kept answers are shown and their refresh waits for
  // the `online` event, which then refreshes every screen on view by itself (lib/conexion.ts).
  sincronizarConexion();
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorSilencioso) return;
        // A background refresh that cannot reach the server keeps showing the data it has.
        const tieneDatos = query.state.data !== undefined;
        if (tieneDatos && error instanceof ApiError && error.esSinConexion) return;
        notificarError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _contexto, mutation) => {
        if (mutation.meta?.errorSilencioso) return;
        notificarError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Lists, orders and catalogues are kept in IndexedDB per user (lib/cache-persistente.ts).
        persister: consultaPersistida,
        // Offline, a query still runs once (its kept answer comes from IndexedDB), then waits.
        networkMode: 'offlineFirst',
        retry: (intentos, error) => !esErrorDefinitivo(error) && intentos < 2,
      },
      // A change runs whatever the connection: offline its call fails at once with SPEC §8's
      // «No hay conexión» and the form keeps what was typed. TanStack's default pauses it instead,
      // with the button spinning and the text lost on a reload. Changes that wait for the
      // connection go through the outbox (lib/outbox), which survives reloads.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // What the app writes into a kept query (setQueryData: a change's answer, an offline change) is
  // kept too (fetched answers are kept by the persister itself):
  // the copy in IndexedDB never lags behind what the screen showed.
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success' && e.action.manual) persistirAhora(e.query);
  });
  return queryClient;
}
