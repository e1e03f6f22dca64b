/*
 * Requests the service worker has nothing to do with go straight to the network, without starting
 * it (Chromium's static routing, InstallEvent.addRoutes; browsers without it dispatch them to the
 * worker as before, which lets them through). Imported by the Workbox worker (scripts/pwa-config.ts).
 *
 * The API, media and uploads are never answered by the worker: Workbox precaches the app's own files
 * and keeps map tiles, and page navigations to these paths are left alone. Besides saving a worker
 * start-up on each such request, this keeps "Reload" on the new-version prompt quick: Chromium
 * activates the new worker once the old one has stopped, and a request that reached the old one in
 * that moment would start it again and hold the switch back until it idled (docs/decisions.md).
 */
/* global self */

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes(
        ['/api/*', '/media/*', '/uploads/*'].map((pathname) => ({
          condition: { urlPattern: { pathname } },
          source: 'network',
        })),
      )
      .catch(() => undefined),
  );
});
