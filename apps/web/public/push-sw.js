/*
 * SafeShore alerts in the service worker (issue 18), imported by the Workbox worker
 * (scripts/pwa-config.ts, importScripts). A push carries the JSON the API's Web Push sender
 * encrypts: {title, body, url, tag, kind, source, at, event_id, beach_id}. The notification names
 * the beach, what happened, when and the source; a click opens the beach's page.
 */
/* global self */

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const at = data.at ? Date.parse(data.at) : NaN;
  const title = data.title || 'SafeShore';
  const options = {
    body: [data.body, data.source ? `Source: ${data.source}` : null].filter(Boolean).join('\n'),
    tag: data.tag || undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    timestamp: Number.isFinite(at) ? at : undefined,
    data: { url: typeof data.url === 'string' ? data.url : '/', kind: data.kind, beach_id: data.beach_id },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Opens the alert's beach: in an open SafeShore window if there is one, else a new window. */
async function safeshoreOpenAlert(notification) {
  let url = new URL((notification.data && notification.data.url) || '/', self.location.origin);
  // Only this app's own pages.
  if (url.origin !== self.location.origin) url = new URL('/', self.location.origin);
  notification.close();
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    const moved = await client.navigate(url.href).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return moved;
    }
  }
  return self.clients.openWindow(url.href);
}

// The click path, reachable from browser tests (a notification click cannot be simulated there).
self.safeshoreOpenAlert = safeshoreOpenAlert;

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(safeshoreOpenAlert(event.notification));
});
