import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorFeedback } from '../components/error-feedback';
import { SessionProvider } from '../features/auth';
import { LiveConnectionProvider } from '../lib/live-connection';

/** Everything the screens rely on: server state, session, live connection and error feedback. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveConnectionProvider>
          {children}
          <ErrorFeedback />
        </LiveConnectionProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
