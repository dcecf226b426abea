import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { ErrorFeedback } from '../components/error-feedback';
import { SessionProvider } from '../features/auth';
import { BandejaDeSalida } from '../features/outbox/bandeja-provider';
import { LiveProvider } from '../lib/live';
import { configEnVivo } from './live-config';

/** Everything the screens rely on: server state, session, live connection and error feedback. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const enVivo = useMemo(() => configEnVivo(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveProvider config={enVivo}>
          {children}
          <ErrorFeedback />
          <BandejaDeSalida />
        </LiveProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
