import {
  createBrowserRouter,
  createHashRouter,
  data,
  redirect,
  replace,
  type HydrationState,
  type LoaderFunction,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import {
  APP_ROUTES,
  SEARCH_STATE_PREFIXES,
  stateRedirect,
  type AppRoute,
  type AppRouteName,
} from '@safeshore/domain';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../features/notfound/NotFoundPage.tsx';
import { setUnauthorizedHandler } from '../data/api.ts';
import { placeLocationQuery } from '../data/location.ts';
import { beachQuery } from '../data/queries.ts';
import { getSession } from '../data/session.ts';
import { addressBarPath, isAppShell } from '../platform/shell.ts';
import { queryClient } from './query-client.ts';
import { LayoutErrorPage, RouteErrorPage } from './RouteErrorPage.tsx';
import { Layout } from './Layout.tsx';
import { SERVER_LOAD } from './ssr-context.ts';
import type * as ConsoleScreens from '../features/console/screens.ts';

export interface RouteHandle {
  name: AppRouteName;
  title: string;
}

const content = () =>
  import('../features/content/ContentPage.tsx').then((m) => ({ Component: m.ContentPage }));

/**
 * Content pages load nothing ahead in the browser (the page asks); on the server the article is
 * read in process so the first HTML holds its text (issue 23).
 */
const contentLoader =
  (routeName: AppRouteName): LoaderFunction =>
  async ({ params, context }) => {
    const server = context.get(SERVER_LOAD);
    if (server) await server.article(routeName, params.slug);
    return null;
  };

type Screen = Pick<RouteObject, 'Component' | 'lazy' | 'loader'>;

const consoleScreen = (name: keyof typeof ConsoleScreens) => () =>
  import('../features/console/screens.ts').then((m) => ({ Component: m[name] }));

const locationPage = () =>
  import('../features/location/LocationPage.tsx').then((m) => ({ Component: m.LocationPage }));

/** Every route's screen (the type makes a new route without one a compile error). */
const SCREENS: Record<AppRouteName, Screen> = {
  Home: {
    Component: HomePage,
    // On the server Home's place (found from the caller's address) is read in process, so the
    // first HTML holds it (issue 23); in the browser the page asks once it is on screen.
    loader: async ({ context }) => {
      const server = context.get(SERVER_LOAD);
      if (server) await server.home();
      return null;
    },
  },
  Beach: {
    // Fetch the beach while the page's code downloads, not after (the loader does not wait for it).
    // On the server the beach is read in process before rendering (ssr-context.ts).
    loader: async ({ params, context }) => {
      const path = [params.state, params.area, params.location, params.beachSlug].join('/');
      const server = context.get(SERVER_LOAD);
      if (server) await server.beach(path);
      else void queryClient.prefetchQuery(beachQuery(path));
      return null;
    },
    lazy: () => import('../features/beach/BeachPage.tsx').then((m) => ({ Component: m.BeachPage })),
  },
  Search: {
    // Bare states and state + capital go to the capital's page before anything renders; other
    // place pages start loading with their code. Unknown prefixes are a 404 (LocationPage).
    loader: async ({ request, context }) => {
      const { pathname } = new URL(request.url);
      const to = stateRedirect(pathname);
      const server = context.get(SERVER_LOAD);
      // On the server: a permanent redirect (the state's page is always its capital's).
      if (to && server) return redirect(to, 301);
      // Typed in or reloaded (the address bar already shows it): replace that entry. Followed
      // from a link: the redirect lands as the link's one new entry. Either way Back skips "/nsw".
      if (to) return addressBarPath() === pathname ? replace(to) : redirect(to);
      const prefix = pathname.split('/')[1]?.toLowerCase() ?? '';
      if ((SEARCH_STATE_PREFIXES as readonly string[]).includes(prefix)) {
        if (server) await server.place(pathname);
        else void queryClient.prefetchQuery(placeLocationQuery(pathname));
      } else if (server) throw data(null, { status: 404 });
      return null;
    },
    lazy: locationPage,
  },
  'Offline-Location': {
    // On the server the postcode is looked up before rendering: one that is not a place is a 404.
    loader: async ({ request, context }) => {
      const { pathname } = new URL(request.url);
      const server = context.get(SERVER_LOAD);
      if (server) await server.place(pathname);
      else void queryClient.prefetchQuery(placeLocationQuery(pathname));
      return null;
    },
    lazy: locationPage,
  },
  SurfSafety: { lazy: content, loader: contentLoader('SurfSafety') },
  About: { lazy: content, loader: contentLoader('About') },
  Apps: { lazy: content, loader: contentLoader('Apps') },
  'Privacy-Policy': { lazy: content, loader: contentLoader('Privacy-Policy') },
  Data: { lazy: content, loader: contentLoader('Data') },
  LegacyApps: {
    lazy: () =>
      import('../features/content/LegacyAppsPage.tsx').then((m) => ({ Component: m.LegacyAppsPage })),
  },
  Register: {
    lazy: () => import('../features/account/RegisterPage.tsx').then((m) => ({ Component: m.RegisterPage })),
  },
  Login: {
    lazy: () => import('../features/account/LoginPage.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  SendResetPassword: {
    lazy: () =>
      import('../features/account/SendResetPasswordPage.tsx').then((m) => ({
        Component: m.SendResetPasswordPage,
      })),
  },
  ResetPassword: {
    lazy: () =>
      import('../features/account/ResetPasswordPage.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  OAuthLogin: {
    lazy: () =>
      import('../features/account/OAuthLoginPage.tsx').then((m) => ({ Component: m.OAuthLoginPage })),
  },
  Logout: {
    lazy: () => import('../features/account/LogoutPage.tsx').then((m) => ({ Component: m.LogoutPage })),
  },
  VerifyEmail: {
    lazy: () =>
      import('../features/account/VerifyEmailPage.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  MyBeaches: {
    lazy: () => import('../features/account/MyBeachesPage.tsx').then((m) => ({ Component: m.MyBeachesPage })),
  },
  Profile: {
    lazy: () => import('../features/account/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
  },
  Notifications: {
    lazy: () =>
      import('../features/notifications/NotificationsPage.tsx').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  AlgalBloomMetrics: {
    lazy: () =>
      import('../features/algal/AlgalBloomMetricsPage.tsx').then((m) => ({
        Component: m.AlgalBloomMetricsPage,
      })),
  },
  OfflineSettings: {
    // In the app the page is for signed-in users (spec section 2); on the web anyone may save beaches.
    loader: () => (isAppShell() && !getSession() ? redirect('/login') : null),
    lazy: () =>
      import('../features/offline/OfflineSettingsPage.tsx').then((m) => ({
        Component: m.OfflineSettingsPage,
      })),
  },
  'Offline-Beach': {
    lazy: () => import('../features/beach/BeachPage.tsx').then((m) => ({ Component: m.BeachPage })),
  },
  // The lifesaver console (issue 17), downloaded only when opened: one module for its screens, so
  // Home's first download carries one import for them, not one per screen.
  Console: { lazy: consoleScreen('ConsolePage') },
  ConsoleBeach: { lazy: consoleScreen('ConsoleBeachPage') },
  ConsoleAudit: { lazy: consoleScreen('AuditPage') },
  ConsoleTeam: { lazy: consoleScreen('TeamPage') },
  ConsoleImports: { lazy: consoleScreen('ImportsPage') },
  ConsoleRipSkill: { lazy: consoleScreen('RipSkillPage') },
  '404': { Component: NotFoundPage },
};

/** Set by data/console-queue-send.ts while console actions wait on this device. */
function hasPendingConsoleActions(): boolean {
  try {
    return getSession() !== null && window.localStorage.getItem('safeshore.console-pending') === '1';
  } catch {
    return false;
  }
}

/** Spec section 2 guard: a signed-in user visiting these goes Home. */
const GUEST_ONLY: ReadonlySet<AppRouteName> = new Set(['Login', 'Register']);

/** Guards run before the screen loads: guests go to Login, signed-in users away from Login/Register. */
function guard(route: AppRoute): RouteObject['loader'] {
  if (route.requiresAuth) return () => (getSession() ? null : redirect('/login'));
  if (GUEST_ONLY.has(route.name as AppRouteName)) return () => (getSession() ? redirect('/') : null);
  return undefined;
}

export const routes: RouteObject[] = [
  {
    Component: Layout,
    // Only a failure of the layout itself reaches this one.
    ErrorBoundary: LayoutErrorPage,
    children: [
      {
        // A screen that fails (its code could not be downloaded offline, a render error) shows the
        // error inside the layout: header, offline banner and bottom bar stay (issue 16).
        ErrorBoundary: RouteErrorPage,
        children: APP_ROUTES.map((route) => {
          const screen: Screen = SCREENS[route.name];
          const loader = guard(route) ?? screen.loader;
          return {
            path: route.path,
            handle: { name: route.name, title: route.title } satisfies RouteHandle,
            ...screen,
            ...(loader && { loader }),
          };
        }),
      },
    ],
  },
];

/**
 * The browser's router. Spec section 2: hash routing inside the app shell (its pages load from
 * files, always rendered in the client), history on the web, starting from the server's
 * hydration data when the page was server rendered (main.tsx).
 */
export function createAppRouter(hydrationData?: HydrationState): DataRouter {
  const router = isAppShell()
    ? createHashRouter(routes)
    : createBrowserRouter(routes, hydrationData ? { hydrationData } : {});

  // Spec section 8: a 401 or 419 on any call (the client has already removed the token) lands on Login.
  setUnauthorizedHandler(() => void router.navigate('/login'));

  // The native shell's behaviour (back button, splash, push…) is downloaded only inside the shell.
  if (isAppShell()) void import('./app-shell.ts').then((shell) => shell.startAppShell(router));
  // Console actions taken with no signal are sent when it returns, from any page (issue 17); the
  // queue's code loads only on a device that holds some.
  if (hasPendingConsoleActions()) {
    void import('../data/console-queue-send.ts').then((queue) => queue.ensureConsoleSender());
  }
  return router;
}
