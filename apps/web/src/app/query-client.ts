import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../data/api.ts';
import { ACCOUNT_QUERY_KEY, FRESHNESS_MS } from '../data/queries.ts';
import { getSession, subscribeSession } from '../data/session.ts';

/** The app's one query cache; the router also uses it to start a page's data load with its code. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FRESHNESS_MS,
      // Offline the data source is the local database: a query must run, not wait for the network
      // (TanStack's default pauses every query while the browser is offline). Retries still wait.
      networkMode: 'offlineFirst',
      // Refetch stale data when the tab becomes visible again (spec: freshness 600 s).
      refetchOnWindowFocus: true,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});

// Signing out (logout, account deletion, a 401) drops the user's cached data along with the token.
subscribeSession(() => {
  if (!getSession()) queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
});
