import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** OpenStreetMap's standard tiles (features/map/constants.ts); VITE_MAP_TILE_URL picks another service. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Viewed map tiles kept for offline use: about 400 tiles (~10 MB), a month at most. */
export const TILE_CACHE = { name: 'map-tiles', maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;

/**
 * A Leaflet URL template as a RegExp matching its tile URLs ("{z}/{x}/{y}" numbers, "{s}"
 * subdomains, "{r}" retina suffix). Anchored at the start, as Workbox needs for cross-origin routes.
 */
export function tileUrlPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\/]/g, '\\$&');
  const source = escaped
    .replace(/\{[zxy]\}/g, '\\d+')
    .replace(/\{s\}/g, '[a-z0-9-]+')
    .replace(/\{r\}/g, '(?:@2x)?')
    .replace(/\{[^}]+\}/g, '[^/?]*');
  return new RegExp(`^${source}(?:\\?.*)?$`);
}

/**
 * Writes `version.json` ({version, build}) beside index.html: the server's GET /api/v4/app answers
 * with it. `build` is a hash of every emitted file, so two builds of one version differ exactly
 * when their code does.
 */
function versionFile(version: string): Plugin {
  return {
    name: 'safeshore-version-file',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const file = bundle[name]!;
        hash.update(name);
        hash.update(file.type === 'chunk' ? file.code : file.source);
      }
      const build = hash.digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version, build })}\n`,
      });
    },
  };
}

/**
 * The installable web app: manifest, and a Workbox service worker that precaches the whole app
 * shell (every route's code, so any page opens offline after the first visit), answers page
 * navigations with index.html (except server paths), and keeps viewed map tiles. It waits for the
 * user's go-ahead before a new version takes over (registerType 'prompt').
 */
export function pwaPlugins(
  version: string,
  tileTemplate = process.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL,
) {
  return [
    versionFile(version),
    VitePWA({
      registerType: 'prompt',
      // Registered from the app (features/offline/service-worker.ts), after the page has loaded.
      injectRegister: false,
      // The glob below already takes the icons (and the plugin adds the manifest itself).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'SafeShore',
        short_name: 'SafeShore',
        description:
          'Find an Australian beach, see whether it is patrolled, how hazardous it is and how to stay safe in the surf.',
        lang: 'en-AU',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b2545',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The whole shell, lazy route chunks included (about 0.7 MB before compression).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Hashed file names change with their content; no revision query needed.
        dontCacheBustURLsMatching: /^assets\//,
        // Page navigations go to the network first (the server renders public pages, issue 23): see
        // the first runtimeCaching entry. No navigateFallback: it would answer every page with the
        // shell before the server could.
        cleanupOutdatedCaches: true,
        // Alerts (issue 18): the push and notification-click handlers (public/push-sw.js); and the
        // requests the worker never answers (API, media, uploads) routed past it (public/sw-routes.js).
        importScripts: ['push-sw.js', 'sw-routes.js'],
        // The first install takes charge of the page at once, so its lazy chunks come from the
        // precache and the page works offline without a reload. An update still waits for the
        // prompt (no skipWaiting until the user says Reload).
        clientsClaim: true,
        runtimeCaching: [
          {
            // Pages: the server's HTML when it answers within 3 s; offline, or on a connection that
            // does not answer in time, the precached app shell (index.html), which renders in the
            // browser from the local database. Server paths (API, sign-in, uploads, media, health
            // check, robots and sitemaps) are left alone. Rendered pages are never stored here.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(api|auth|uploads|media|sitemaps)\/|^\/(healthz|robots\.txt|sitemap\.xml)$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 3,
              plugins: [
                {
                  cacheWillUpdate: async () => null,
                  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
                    cachedResponse ?? (await caches.match('/index.html', { ignoreSearch: true })),
                  handlerDidError: async () =>
                    (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
                },
              ],
            },
          },
          {
            urlPattern: tileUrlPattern(tileTemplate),
            handler: 'CacheFirst',
            options: {
              cacheName: TILE_CACHE.name,
              expiration: {
                maxEntries: TILE_CACHE.maxEntries,
                maxAgeSeconds: TILE_CACHE.maxAgeSeconds,
                purgeOnQuotaError: true,
              },
              // Only readable (CORS) answers: an opaque one would count ~7 MB against the quota.
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ];
}
