import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client.ts';
import { HydrationFactsContext, type HydrationFacts } from './hydration-facts.ts';

const CLIENT_ONLY: HydrationFacts = { now: null, mobile: false };

/**
 * `<html data-app-ready>` once the app has taken over the page: after hydration of a server-rendered
 * page (from then on React replays a click on a part still being hydrated) or the first render of
 * the app shell. Before it, a server-rendered button is only HTML and a click on it does nothing;
 * the browser tests wait for it after a navigation (e2e/support/test.ts), as a monitoring script
 * could.
 */
function useAppReady(): void {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
}

export function App({ router, facts = CLIENT_ONLY }: { router: DataRouter; facts?: HydrationFacts }) {
  useAppReady();
  return (
    <HydrationFactsContext value={facts}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </HydrationFactsContext>
  );
}
