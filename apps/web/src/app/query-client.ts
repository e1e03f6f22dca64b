import { QueryClient } from '@tanstack/react-query';
import type { BeachDetailResponse, RipOutlook } from '@safeshore/domain';
import { ApiError } from '../data/api.ts';
import { ACCOUNT_QUERY_KEY, FRESHNESS_MS, RIP_OUTLOOK_QUERY } from '../data/queries.ts';
import { getSession, subscribeSession } from '../data/session.ts';
import { whenIdleAfterLoad } from '../platform/idle.ts';

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
  if (getSession()) return;
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  // The offline copy of the followed list goes too (loaded only when someone signs out).
  void import('../data/followed-copy.ts').then((copy) => copy.forgetFollowedCopy());
});

/**
 * A beach page loaded from the server is kept for offline use (the recent beaches, data/recent.ts).
 * The code that writes it downloads only when the first beach has been seen.
 */
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  keepViewedBeach(event.query.queryKey, event.query.state.data);
  keepFetchedRipOutlook(event.query.queryKey, event.query.state.data);
});

/**
 * A server-rendered beach page brings its beach in the hydrated cache, not as a fetch (issue 23):
 * it is kept for offline use all the same.
 */
export function keepHydratedBeaches(): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['beach', 'online'] })) {
    keepViewedBeach(query.queryKey, query.state.data);
  }
}

function keepViewedBeach(queryKey: readonly unknown[], data: unknown): void {
  const [kind, mode] = queryKey;
  if (kind !== 'beach' || mode !== 'online' || typeof indexedDB === 'undefined') return;
  const detail = data as BeachDetailResponse | undefined;
  if (!detail) return;
  // Once the page is idle: opening the offline database is not what a phone waits on (issue 23).
  whenIdleAfterLoad(
    () =>
      void import('../data/recent.ts')
        .then((recent) => recent.rememberViewedBeach(detail.beach))
        // The code that reads it offline, downloaded now while there is a connection.
        .then(() => import('../data/offline-source.ts'))
        .catch((error: unknown) => console.warn('Could not keep this beach for offline use:', error)),
  );
}

/** A rip outlook fetched online is kept too (issue 29): offline, the beach page shows the last one. */
function keepFetchedRipOutlook(queryKey: readonly unknown[], data: unknown): void {
  const [kind, mode, , beachKey] = queryKey;
  if (kind !== RIP_OUTLOOK_QUERY || mode !== 'online' || typeof indexedDB === 'undefined') return;
  const outlook = data as RipOutlook | null | undefined;
  if (!outlook || typeof beachKey !== 'string') return;
  whenIdleAfterLoad(
    () =>
      void import('../data/recent.ts')
        .then((recent) => recent.keepRipOutlook(beachKey, outlook))
        .catch((error: unknown) => console.warn('Could not keep the rip outlook for offline use:', error)),
  );
}
