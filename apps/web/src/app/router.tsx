import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_ROUTES, type AppRouteName } from '@safeshore/domain';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../features/notfound/NotFoundPage.tsx';
import { SearchRoute } from '../features/placeholder/SearchRoute.tsx';
import { beachQuery } from '../data/queries.ts';
import { queryClient } from './query-client.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { Layout } from './Layout.tsx';

export interface RouteHandle {
  name: AppRouteName;
  title: string;
}

const placeholder = () =>
  import('../features/placeholder/PlaceholderPage.tsx').then((m) => ({ Component: m.PlaceholderPage }));

/** Screens that exist; every other route shows an honest placeholder inside the real layout. */
const content = () =>
  import('../features/content/ContentPage.tsx').then((m) => ({ Component: m.ContentPage }));

const SCREENS: Partial<Record<AppRouteName, Pick<RouteObject, 'Component' | 'lazy' | 'loader'>>> = {
  Home: { Component: HomePage },
  Beach: {
    // Fetch the beach while the page's code downloads, not after (the loader does not wait for it).
    loader: ({ params }) => {
      const path = [params.state, params.area, params.location, params.beachSlug].join('/');
      void queryClient.prefetchQuery(beachQuery(path));
      return null;
    },
    lazy: () => import('../features/beach/BeachPage.tsx').then((m) => ({ Component: m.BeachPage })),
  },
  Search: { Component: SearchRoute },
  SurfSafety: { lazy: content },
  About: { lazy: content },
  Apps: { lazy: content },
  'Privacy-Policy': { lazy: content },
  Data: { lazy: content },
  LegacyApps: {
    lazy: () =>
      import('../features/content/LegacyAppsPage.tsx').then((m) => ({ Component: m.LegacyAppsPage })),
  },
  '404': { Component: NotFoundPage },
};

export const routes: RouteObject[] = [
  {
    Component: Layout,
    ErrorBoundary: RouteErrorPage,
    children: APP_ROUTES.map((route) => ({
      path: route.path,
      handle: { name: route.name, title: route.title } satisfies RouteHandle,
      ...(SCREENS[route.name] ?? { lazy: placeholder }),
    })),
  },
];

export const router = createBrowserRouter(routes);
