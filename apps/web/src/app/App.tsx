import { QueryClientProvider } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client.ts';
import { HydrationFactsContext, type HydrationFacts } from './hydration-facts.ts';

const CLIENT_ONLY: HydrationFacts = { now: null, mobile: false };

export function App({ router, facts = CLIENT_ONLY }: { router: DataRouter; facts?: HydrationFacts }) {
  return (
    <HydrationFactsContext value={facts}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </HydrationFactsContext>
  );
}
