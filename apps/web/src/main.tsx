import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/App.tsx';
import { keepHydratedBeaches, queryClient } from './app/query-client.ts';
import { createAppRouter, routes } from './app/router.tsx';
import {
  applyServerQueries,
  readServerPayload,
  reviveHydrationState,
  type ServerPayload,
} from './app/ssr-payload.ts';
import { LOCATION_QUERY_KEY, rememberOpenedPlace, type LocationLookup } from './data/location.ts';
import { startServiceWorker } from './features/offline/index.ts';
import { whenIdleAfterLoad } from './platform/idle.ts';
import { isAppShell } from './platform/shell.ts';
import './ui/styles.css';

/** What a place page's lookup remembers when it runs in the browser (data/location.ts), for a hydrated one. */
function rememberHydratedPlace(): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: LOCATION_QUERY_KEY })) {
    const lookup = query.state.data as LocationLookup | undefined;
    if (lookup?.found) rememberOpenedPlace(lookup.data);
  }
}

/**
 * Hydrates a server-rendered page (issue 23): the server's answers into the query cache, the
 * matched routes' code loaded (or the first render would differ from the HTML), then React takes
 * over the HTML with the router's hydration data. Not a top-level await: the entry chunk would then
 * be split from every module a lazy screen shares with it, which costs Home's first load.
 *
 * Hydration runs as a transition, which React renders in slices that yield to the browser every few
 * milliseconds instead of one task of several hundred (a slow phone's Total Blocking Time); the page
 * is already painted from the HTML meanwhile.
 */
async function hydratePage(root: HTMLElement, payload: ServerPayload): Promise<void> {
  applyServerQueries(queryClient, payload.queries);
  keepHydratedBeaches();
  rememberHydratedPlace();
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (match) => {
      const lazy = match.route.lazy as () => Promise<Record<string, unknown>>;
      const loaded = await lazy();
      Object.assign(match.route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createAppRouter(reviveHydrationState(payload.router));
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} facts={{ now: new Date(payload.now), mobile: payload.mobile }} />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root')!;
// A server-rendered page carries its data in <script type="application/json"> (issue 23); the app
// shell and the offline fallback (the cached index.html) have none and render in the browser.
const payload = isAppShell() ? null : readServerPayload(document);

if (payload) {
  void hydratePage(root, payload);
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

// The service worker (and the offline store it opens) registers once the page is idle after load.
whenIdleAfterLoad(startServiceWorker);
