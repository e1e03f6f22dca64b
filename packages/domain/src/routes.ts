import { SEARCH_STATE_PREFIXES } from './states.ts';

/**
 * The web app's routes (spec section 2), shared so the server can answer unknown paths with a
 * real 404 status while the client renders the same 404 page. Patterns use React Router syntax.
 */
export interface AppRoute {
  name: string;
  path: string;
  title: string;
  requiresAuth?: boolean;
  requiresAlgalRole?: boolean;
}

export const APP_NAME = 'SafeShore';

export const APP_ROUTES = [
  { name: 'Register', path: '/register', title: 'Register' },
  { name: 'Login', path: '/login', title: 'Login' },
  { name: 'SendResetPassword', path: '/reset', title: 'Send Reset Password Link' },
  { name: 'ResetPassword', path: '/reset/:token', title: 'Reset Password' },
  { name: 'OAuthLogin', path: '/login/oauth', title: 'Signing in' },
  // The link mailed to confirm an address (registration, an account's address, an email change).
  { name: 'VerifyEmail', path: '/verify-email/:token', title: 'Confirm your email' },
  { name: 'Logout', path: '/logout', title: 'Logout' },
  { name: 'MyBeaches', path: '/my-beaches', title: 'My Beaches', requiresAuth: true },
  { name: 'OfflineSettings', path: '/offline-settings', title: 'Offline Settings' },
  { name: 'Profile', path: '/profile', title: 'Profile', requiresAuth: true },
  // Alerts per followed beach, quiet hours, this browser's Web Push subscription (issue 18).
  { name: 'Notifications', path: '/notifications', title: 'Notifications', requiresAuth: true },
  { name: 'Home', path: '/', title: '' },
  { name: 'SurfSafety', path: '/surf-safety/:slug?', title: 'Surf Safety' },
  { name: 'About', path: '/about', title: 'About' },
  { name: 'Apps', path: '/apps', title: 'App' },
  { name: 'Privacy-Policy', path: '/privacy-policy', title: 'Privacy Policy' },
  { name: 'LegacyApps', path: '/legacy-apps', title: 'LegacyApps' },
  { name: 'Data', path: '/data', title: 'Data sources' },
  {
    name: 'AlgalBloomMetrics',
    path: '/algal-bloom-metrics',
    title: 'Algal Bloom Metrics',
    requiresAuth: true,
    requiresAlgalRole: true,
  },
  // The lifesaver console (issue 17): the server decides who may act; the screens ask it (console/me).
  { name: 'Console', path: '/console', title: 'Lifesaver console', requiresAuth: true },
  { name: 'ConsoleBeach', path: '/console/beach/:beachId', title: 'Beach console', requiresAuth: true },
  { name: 'ConsoleAudit', path: '/console/audit', title: 'Audit log', requiresAuth: true },
  { name: 'ConsoleTeam', path: '/console/team', title: 'Lifesaver team', requiresAuth: true },
  { name: 'ConsoleImports', path: '/console/imports', title: 'Imports', requiresAuth: true },
  // The rip outlook against lifesavers' reports (issue 29): operators only, as console/rip-skill.
  { name: 'ConsoleRipSkill', path: '/console/rip-skill', title: 'Rip outlook skill', requiresAuth: true },
  { name: 'Beach', path: '/beach/:state/:area/:location/:beachSlug', title: '' },
  { name: 'Offline-Beach', path: '/beach/:beachId', title: '' },
  { name: 'Offline-Location', path: '/postcode/:postcode', title: '' },
  { name: 'Search', path: '/:state/:area?/:location?', title: '' },
  { name: '404', path: '*', title: '404' },
] as const satisfies readonly AppRoute[];

export type AppRouteName = (typeof APP_ROUTES)[number]['name'];

/** "{route title} | SafeShore"; an empty title gives the app name alone. */
export function pageTitle(routeTitle: string): string {
  return routeTitle ? `${routeTitle} | ${APP_NAME}` : APP_NAME;
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

const MATCHERS = APP_ROUTES.filter((route) => route.path !== '*').map((route) => ({
  route,
  regexp: patternToRegExp(route.path),
}));

/** The route a path belongs to, or the 404 route. The Search route only takes known state prefixes. */
export function matchAppRoute(pathname: string): AppRoute {
  for (const { route, regexp } of MATCHERS) {
    if (!regexp.test(pathname)) continue;
    if (route.name === 'Search') {
      const first = pathname.split('/')[1]?.toLowerCase() ?? '';
      if (!(SEARCH_STATE_PREFIXES as readonly string[]).includes(first)) continue;
    }
    return route;
  }
  return APP_ROUTES[APP_ROUTES.length - 1] as AppRoute;
}
